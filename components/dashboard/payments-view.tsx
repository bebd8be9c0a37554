'use client';

import { useState } from 'react';
import { reviewClaim, useClaims } from '@/lib/dashboard/dashboard-client';
import { formatReceived } from '@/lib/dashboard/format';
import { tableViewPath } from '@/lib/dashboard/views';
import { formatRupees } from '@/lib/payments/money';
import { failureText } from '@/lib/service-client';
import { ReturnDuplicate } from './return-duplicate';
import { StatementImport } from './statement-import';
import { type Column, TableFrame, TableStates } from './table-states';
import styles from './dashboard.module.css';
import { ViewLink } from './view-link';

/** A payment claim as the Payments view lists it. */
type Claim = NonNullable<ReturnType<typeof useClaims>['data']>[number];

const statusText = { pending: 'To verify', verified: 'Verified', rejected: 'Rejected' } as const;
/** A pending claim's two answers, the first the likely one. */
const reviewButtons = [
  { status: 'verified', className: 'btn btn-primary' },
  { status: 'rejected', className: 'btn btn-ghost' },
] as const;

/**
 * Payment claims, newest first: amount, reference, UTR, time and the registration each matches.
 * Staff check the UTR against the bank statement, then mark the claim verified or rejected; a
 * verified claim shows its registration as paid.
 */
export function PaymentsView({ basePath, onChanged }: { basePath: string; onChanged: () => void }) {
  const { data, failure, isLoading, mutate } = useClaims();
  const [problem, setProblem] = useState<string | undefined>();

  const review = async (id: number, status: 'verified' | 'rejected') => {
    setProblem(undefined);
    const reviewed = await reviewClaim(id, status);
    if (!reviewed.ok) return setProblem(`Not saved: ${failureText(reviewed)}`);
    await mutate();
    onChanged();
  };

  const columns: Column<Claim>[] = [
    { name: 'Received (IST)', className: styles.nowrap, cell: (c) => formatReceived(c.receivedAt) },
    { name: 'Amount', className: styles.nowrap, cell: (c) => formatRupees(c.amountPaise) },
    { name: 'Reference', className: styles.nowrap, cell: (c) => c.reference },
    { name: 'UTR', className: styles.nowrap, cell: (c) => c.utr },
    { name: 'Phone or e-mail', className: styles.contactCell, cell: (c) => c.contact },
    {
      // The registration, and below it where its payment stands (the table keeps its width).
      name: 'Registration',
      cell: (c) => (
        <>
          {c.registration ? (
            <ViewLink href={`${basePath}/${tableViewPath(c.registration.form)}?id=${c.registration.id}`}>
              {c.registration.name || `#${c.registration.id}`} ({c.registration.form})
            </ViewLink>
          ) : (
            'No registration found'
          )}
          {c.payment ? (
            <span className={styles.block}>
              {c.payment.returnedPaise !== null ? (
                <strong>Duplicate, returned {formatRupees(c.payment.returnedPaise)}. </strong>
              ) : c.payment.duplicate ? (
                <strong>Duplicate: already paid, refund it. </strong>
              ) : null}
              {c.payment.text}
              {c.payment.invoice ? ` (${c.payment.invoice})` : ''}
            </span>
          ) : null}
          {c.payment?.duplicate && c.status === 'verified' && c.payment.returnedPaise === null ? (
            <ReturnDuplicate
              claimUtr={c.utr}
              claimId={c.id}
              onDone={() => {
                void mutate();
                onChanged();
              }}
            />
          ) : null}
        </>
      ),
    },
    {
      name: 'Status',
      className: styles.actionsCell,
      headClass: styles.actionsCell,
      cell: (c) =>
        c.status === 'pending' ? (
          <span className={styles.actions}>
            {reviewButtons.map(({ status, className }) => (
              <button
                key={status}
                type="button"
                className={className}
                onClick={() => void review(c.id, status)}
                aria-label={`Mark UTR ${c.utr} ${status}`}
              >
                {statusText[status]}
              </button>
            ))}
          </span>
        ) : (
          <span>
            {statusText[c.status]}
            {c.reviewedBy ? ` by ${c.reviewedBy}` : ''}
            {c.reviewedAt ? `, ${formatReceived(c.reviewedAt)}` : ''}
          </span>
        ),
    },
  ];

  return (
    <div className={styles.tableBlock}>
      <p className={styles.count}>
        Check each UTR against the bank statement before verifying it: a claim is the visitor&apos;s word, not a
        payment.
      </p>
      <p role="alert" className={styles.error}>
        {problem}
      </p>
      <StatementImport
        onVerified={() => {
          void mutate();
          onChanged();
        }}
      />
      <TableStates loading={isLoading} failure={failure} empty={data?.length === 0}>
        <TableFrame label="Payment claims" columns={columns} rows={data ?? []} rowKey={(c) => c.id} />
      </TableStates>
    </div>
  );
}
