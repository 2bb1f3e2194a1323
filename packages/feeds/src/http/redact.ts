/** Query parameter names whose values are secrets (api_key, app_key, token, password...). */
const SECRET_PARAM = /key|token|secret|password/i;

/**
 * The URL with the values of key-like query parameters (and any password) replaced by `***`,
 * safe to show in a status or a log; `(unparseable URL)` for text that is not a URL.
 */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    for (const name of [...u.searchParams.keys()]) {
      if (SECRET_PARAM.test(name)) u.searchParams.set(name, '***');
    }
    if (u.password) u.password = '***';
    return u.toString().replace(/%2A%2A%2A/g, '***');
  } catch {
    return '(unparseable URL)';
  }
}

/**
 * Any text (a log line, an error) safe to print: values of key-like query parameters in the URLs
 * it holds (`?api_key=...`, `&app_key=...`, `token=`...) and every occurrence of `secret` replaced
 * by `***`.
 */
export function redactText(text: string, secret?: string): string {
  let out = text.replace(/([?&][A-Za-z0-9_.-]*(?:key|token|secret|password)[A-Za-z0-9_.-]*=)[^&\s)"'#]*/gi, '$1***');
  if (secret) out = out.split(secret).join('***');
  return out;
}
