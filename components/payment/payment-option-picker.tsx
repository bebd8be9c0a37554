'use client';

import clsx from 'clsx';
import type { PaymentOption, PaymentOptionId } from '@/content/payments';
import styles from './payment.module.css';

export interface PaymentOptionPickerProps {
  options: readonly PaymentOption[];
  value: PaymentOptionId | undefined;
  onChange: (id: PaymentOptionId) => void;
  legend: string;
  /** Id of the error message, linked while it shows. */
  errorId?: string | undefined;
}

/** One choice among the payment options, as native radio buttons drawn as logo cards (arrow keys move the choice). */
export function PaymentOptionPicker({ options, value, onChange, legend, errorId }: PaymentOptionPickerProps) {
  return (
    <fieldset className={styles.options} aria-describedby={errorId}>
      <legend className="visually-hidden">{legend}</legend>
      {options.map((option) => (
        <label key={option.id} className={clsx(styles.option, value === option.id && styles.optionChecked)}>
          <input
            type="radio"
            name="payment-option"
            value={option.id}
            checked={value === option.id}
            onChange={() => onChange(option.id)}
            className={styles.optionInput}
          />
          <img src={option.logo} alt="" width={48} height={48} className={styles.optionLogo} />
          <span className={styles.optionName}>{option.name}</span>
        </label>
      ))}
    </fieldset>
  );
}
