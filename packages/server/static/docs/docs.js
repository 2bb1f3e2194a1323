// Swagger UI over this server's own OpenAPI document; no outside requests.
window.ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  persistAuthorization: true,
  tryItOutEnabled: true,
  validatorUrl: 'none',
  defaultModelsExpandDepth: 0,
  docExpansion: 'list',
});
