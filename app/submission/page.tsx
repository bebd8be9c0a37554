import { SubmissionHub } from '@/components/forms/submission-hub';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata('/submission');

export default function SubmissionPage() {
  return <SubmissionHub />;
}
