/** The service's paths, as the browser calls them (same origin). */
export const endpoints = {
  me: '/api/auth/me',
  login: '/api/auth/login',
  logout: '/api/auth/logout',
  proAudio: '/pro-audio-form/save-form.php',
  builds: '/api/builds',
  inbox: (form: string) => `/api/forms/${encodeURIComponent(form)}`,
} as const;
