import { ServicePage } from '@/components/services/service-page';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata('/portfolio-shoot');

export default function PortfolioShootPage() {
  return <ServicePage route="/portfolio-shoot" />;
}
