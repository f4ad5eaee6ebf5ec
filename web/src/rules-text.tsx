/**
 * A game's rules as played here: a long text in a box that scrolls, so it takes keyboard focus and has
 * a name (axe's scrollable-region-focusable).
 */
export function RulesText({ title, rules }: { title: string; rules: string }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls, so keyboard users must reach it
    <section class="rules" aria-label={`Rules of ${title}`} tabIndex={0}>
      {rules}
    </section>
  );
}
