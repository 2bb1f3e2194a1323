// Setup file of every test file (vitest.config.ts): whatever child process a file started in its
// hooks and did not stop is killed, with its process group, once the file's tests have run.
import { afterAll } from 'vitest';
import { stopTrackedProcesses } from './processes.js';

afterAll(stopTrackedProcesses);
