import { PlanRequestSchema, type PlanRequest } from '@bookwright/contracts/http';

export const planFields = ['prompt', 'title', 'language', 'targetAudience', 'genre', 'size'] as const;
export type PlanField = (typeof planFields)[number];
export type PlanForm = Record<PlanField, string>;

/** A fresh form: the size starts (and after a success goes back to) short (spec §4). */
export const emptyPlanForm: PlanForm = {
  prompt: '',
  title: '',
  language: '',
  targetAudience: '',
  genre: '',
  size: 'short',
};

export type PlanCheck = { ok: true; request: PlanRequest } | { ok: false; field: PlanField; message: string };

/**
 * Spec §5: prompt, title, language, target audience, genre, size, checked in this order with the contracts'
 * messages; the first failing field is the one to highlight.
 */
export function checkPlan(form: PlanForm): PlanCheck {
  const result = PlanRequestSchema.safeParse(form);
  if (result.success) return { ok: true, request: result.data };
  const issues = result.error.issues;
  const rank = (field: unknown) => planFields.indexOf(field as PlanField);
  const first = [...issues].sort((a, b) => rank(a.path[0]) - rank(b.path[0]))[0];
  const field = (first?.path[0] as PlanField | undefined) ?? 'prompt';
  return { ok: false, field, message: first?.message ?? '' };
}
