/** What the course registrations (certification, diploma) show around sending: button and outcomes. */
export const courseOutcomeMessages = {
  submit: 'Register',
  busy: 'Submitting...',
  success: 'Registration submitted successfully!',
  failed: 'An error occurred. Please try again later.',
  networkError: 'An error occurred. Please try again later.',
} as const;
