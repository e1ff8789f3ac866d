/** The shape of one language's seed file (`<lang>.json` beside this one). */
export interface LanguageSeed {
  /** Keyed by slug; every language must carry every slug of CONTENT_SLUGS. */
  contents: Record<string, { title: string; body: string }>;
  /** Keyed by the announcement keys of the migration. */
  announcements: Record<string, { title: string; content: string }>;
  /** Benefits text of VIP levels 0..5, by index. */
  levels: string[];
}
