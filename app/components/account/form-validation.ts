/** Checks a form in the browser with the same schema the server uses, so a slow network is not waited on for a typo. */
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../enhance/toast.ts';
import type { z } from 'zod';

function firstMessages(issues: z.core.$ZodIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path.join('.') || 'form'] ??= issue.message;
  return errors;
}

function focusField(form: HTMLFormElement | null, errors: Record<string, string>) {
  const first = Object.keys(errors)[0];
  if (!form || !first) return;
  form.querySelector<HTMLElement>(`[name="${CSS.escape(first)}"]`)?.focus();
}

/**
 * The errors to show beside the fields: the browser's check of the last submit, else the
 * server's answer. An invalid submit is stopped, toasted and the first wrong field focused.
 */
export function useFormValidation(schema: z.ZodType, serverErrors: Record<string, string> | undefined) {
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>();

  useEffect(() => {
    if (serverErrors) focusField(formRef.current, serverErrors);
  }, [serverErrors]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    // The last attempt's toasts no longer apply.
    toast.dismiss();
    const result = schema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (result.success) {
      setClientErrors(undefined);
      return;
    }
    event.preventDefault();
    const errors = firstMessages(result.error.issues);
    setClientErrors(errors);
    for (const message of Object.values(errors)) toast.error(message);
    focusField(event.currentTarget, errors);
  }

  return { formRef, onSubmit, errors: clientErrors ?? serverErrors ?? {} };
}
