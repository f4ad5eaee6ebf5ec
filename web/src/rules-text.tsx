import type { PeopleRules } from './rules/types';

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

/**
 * The rules for players, section by section with a worked example, and the API's summary behind a
 * disclosure. `level` is the heading level of the sections, under whatever heading the page gives the game.
 */
export function PeopleRulesText({
  title,
  rules,
  api,
  level,
}: {
  title: string;
  rules: PeopleRules | undefined;
  api: string;
  level: 3 | 4;
}) {
  const H = level === 3 ? 'h3' : 'h4';
  if (!rules) return <RulesText title={title} rules={api} />;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls, so keyboard users must reach it
    <section class="people-rules" aria-label={`How to play ${title}`} tabIndex={0}>
      {rules.sections.map((s) => (
        <section key={s.title}>
          <H>{s.title}</H>
          {s.paragraphs.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </section>
      ))}
      <section class="rules-example">
        <H>{rules.example.title}</H>
        <ol>
          {rules.example.steps.map((s, i) => (
            <li key={i}>{s}</li>
          ))}
        </ol>
      </section>
      <details>
        <summary>As the API states it</summary>
        <p class="api-rules">{api}</p>
      </details>
    </section>
  );
}
