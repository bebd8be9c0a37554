import type { BooksConfig } from '@/lib/books/config';

/**
 * The studio as a GST-registered supplier in Maharashtra (the example GSTIN of the GST domain
 * notes), as the books' suites keep it: a masterclass is ₹99 + 18% GST = ₹116.82.
 */
export const gstStudio: BooksConfig = {
  legalName: 'One11 Studios LLP',
  address: '4 Carter Road, Mumbai, Maharashtra 400050',
  stateCode: '27',
  gstin: '27AAPFU0939F1ZV',
  ratePercent: 18,
  invoicePrefix: 'INV',
  supplies: {
    masterclass: { sac: '999293', description: 'Online music production masterclass', taxablePaise: 9_900 },
    course: { sac: '999293', description: 'Course registration fee', taxablePaise: 99_900 },
  },
};
