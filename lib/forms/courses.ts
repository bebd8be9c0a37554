import type { FieldDeclaration } from './declaration';
import { notesField } from './fields';

/** What the course registrations (certification, diploma) show around sending: button and outcomes. */
export const courseOutcomeMessages = {
  submit: 'Register',
  busy: 'Submitting...',
  success: 'Registration submitted successfully!',
  failed: 'An error occurred. Please try again later.',
  networkError: 'An error occurred. Please try again later.',
} as const;

/** The course registrations' optional music experience. */
export function experienceField<V extends { experience: unknown }>(): FieldDeclaration<V> {
  return notesField('experience' as keyof V & string, 'Experience', 'Your music experience (optional)');
}
