import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { FormInstance } from 'antd';
import { problemOf } from '../api/problem-details';

type ApiError = FetchBaseQueryError | SerializedError | undefined;

/** The server's words for a refusal of any form (the first field's message, else the detail), or a generic line. */
export function refusalText(error: ApiError, fallback = 'Please try again.'): string {
  const problem = problemOf(error);
  return problem?.errors?.[0]?.message ?? problem?.detail ?? fallback;
}

/** Puts each field the server refused next to its field; true when there was any. */
export function showFieldErrors(form: FormInstance, error: ApiError): boolean {
  const fields = problemOf(error)?.errors ?? [];
  const known = fields.filter((f) => form.getFieldInstance(f.field) !== undefined || f.field in (form.getFieldsValue() as object));
  form.setFields(known.map((f) => ({ name: f.field, errors: [f.message] })));
  return known.length > 0;
}
