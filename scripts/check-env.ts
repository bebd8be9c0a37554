/** Fails the build early, with one line per bad variable, when the configuration is invalid. */
import { EnvError, parseEnv } from '@/lib/env';

try {
  parseEnv(process.env);
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
