import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

export interface LabelledInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'onChange'> {
  /**
   * The field's block class, on its wrapper; the label is `block__label` and the input
   * `text-input block__input`, for the field's own stylesheet.
   */
  block: string;
  label: string;
  onValue: (value: string) => void;
  /** The input itself, for a form that moves the focus to it. */
  ref?: Ref<HTMLInputElement>;
  /** What stands under the input (its hint, its count, what is wrong with it), named by its aria-describedby. */
  children: ReactNode;
}

/** A one-line input with its label above it and its notes under it, in a block of its own. */
export function LabelledInput({ block, label, onValue, ref, children, ...input }: LabelledInputProps) {
  const inputId = useId();
  return (
    <div className={block}>
      <label className={`${block}__label`} htmlFor={inputId}>{label}</label>
      <input {...input} ref={ref} id={inputId} className={`text-input ${block}__input`} onChange={(event) => onValue(event.currentTarget.value)} />
      {children}
    </div>
  );
}
