import { AiAnswerDetails, distinctQuotes, Role } from '@cqa/contracts';

/**
 * Withheld claims and their reasons go to staff only; everyone else gets the count. Older answers have no count
 * stored, so it is taken from the list before the list is dropped.
 */
export function aiDetailsFor(details: AiAnswerDetails | null, role: Role | null): AiAnswerDetails | null {
  if (!details) return null;
  const withheld = details.withheld_count ?? details.unsupported_claims?.length ?? 0;
  const staff = role === 'admin' || role === 'expert';
  // Answers published before quotes were made distinct may hold one quote twice.
  const statements = details.statements?.map((statement) => ({ ...statement, quotes: distinctQuotes(statement.quotes) }));
  return {
    ...details, ...(statements ? { statements } : {}), withheld_count: withheld, unsupported_claims: staff ? (details.unsupported_claims ?? []) : [],
  };
}
