import { clsx } from "clsx";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

/** How a text box looks, without a width: for a box whose width is its own (`w-16`, `flex-1`). */
export const inputLook =
  "rounded-xl border border-zinc-300 bg-white px-3 text-base focus:border-brand-500 aria-invalid:border-rose-500 sm:text-sm dark:border-zinc-700 dark:bg-zinc-950";
/**
 * A text box as wide as its container. A width added beside it would not win: `w-full` and `w-16`
 * set the same property, and the stylesheet's order, not the class list's, decides.
 */
export const inputClass = `w-full ${inputLook}`;

type FieldShell = { id: string; label: ReactNode; error?: string | undefined; help?: ReactNode; className?: string; children: ReactNode };

/** A label, a control and its message; the message is tied to the control with aria-describedby. */
export function Field({ id, label, error, help, className, children }: FieldShell) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-msg`} className="mt-1 text-sm font-medium text-rose-700 dark:text-rose-400">
          {error}
        </p>
      ) : help ? (
        <p id={`${id}-msg`} className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
          {help}
        </p>
      ) : null}
    </div>
  );
}

/** aria props that tie a control to its Field message. */
export function describedBy(id: string, error?: string, help?: ReactNode) {
  return {
    "aria-invalid": error ? (true as const) : undefined,
    "aria-describedby": error || help ? `${id}-msg` : undefined,
  };
}

type InputProps = InputHTMLAttributes<HTMLInputElement> & { id: string; label: ReactNode; error?: string | undefined; help?: ReactNode; fieldClassName?: string };

export function TextField({ id, label, error, help, fieldClassName, className, ...props }: InputProps) {
  return (
    <Field id={id} label={label} error={error} help={help} className={fieldClassName}>
      <input id={id} className={clsx(inputClass, "h-11", className)} {...describedBy(id, error, help)} {...props} />
    </Field>
  );
}

type AreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string; label: ReactNode; error?: string | undefined; help?: ReactNode; fieldClassName?: string };

export function TextArea({ id, label, error, help, fieldClassName, className, ...props }: AreaProps) {
  return (
    <Field id={id} label={label} error={error} help={help} className={fieldClassName}>
      <textarea id={id} className={clsx(inputClass, "min-h-20 py-2", className)} {...describedBy(id, error, help)} {...props} />
    </Field>
  );
}

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & { id: string; label: ReactNode; error?: string | undefined; help?: ReactNode; fieldClassName?: string };

export function SelectField({ id, label, error, help, fieldClassName, className, children, ...props }: SelectProps) {
  return (
    <Field id={id} label={label} error={error} help={help} className={fieldClassName}>
      <select id={id} className={clsx(inputClass, "h-11", className)} {...describedBy(id, error, help)} {...props}>
        {children}
      </select>
    </Field>
  );
}
