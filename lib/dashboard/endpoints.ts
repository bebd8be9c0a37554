/** The service's paths, as the browser calls them (same origin). */
export const endpoints = {
  me: '/api/auth/me',
  login: '/api/auth/login',
  logout: '/api/auth/logout',
  builds: '/api/builds',
  backups: '/api/backups',
} as const;
