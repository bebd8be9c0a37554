import { CoursePaymentScreen } from '@/components/payment/payment-screens';
import { pageMetadata } from '@/lib/seo';
import { getStudio } from '@/lib/studio';

export const metadata = pageMetadata('/institute/course-payment');

export default function CoursePaymentPage() {
  return <CoursePaymentScreen studio={getStudio()} />;
}
