import type { AnyGame } from '../../engine';

/**
 * The OpenAPI document, refined per kind of game. The routes validate and serialize the shapes that
 * depend on the kind generically (the engine checks options and actions, and refuses with a reason);
 * the document gives each kind its own: named schemas for its options, actions and view state (the
 * engine's own TypeBox schemas), and each shape that carries a `kind` as a union of one variant per
 * kind, discriminated by `kind`. A generated client then narrows a View to a KaiserView, whose
 * `legalActions` are KaiserActions. The test suite checks every answer against this document.
 */

type Schema = Record<string, unknown>;
interface Document {
  components: { schemas: Record<string, Schema> };
  [key: string]: unknown;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** `divide-and-conquer` -> `DivideAndConquer`: the prefix of a kind's schemas. */
export const pascal = (kind: string) =>
  kind
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');

/** A TypeBox schema as plain JSON. */
const json = (schema: unknown): Schema => JSON.parse(JSON.stringify(schema));

const INT32 = 2 ** 31;

/**
 * JSON Schema 2020-12 (OpenAPI 3.1) spellings of what TypeBox writes in draft-07 terms, and the
 * integer formats that the bounds imply.
 */
function normalize(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) normalize(item);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const s = node as Schema;
  // A tuple: `items: [...]` is `prefixItems` now. Its length is fixed, so `items` (for what follows the
  // prefix) never applies: it repeats the prefix's item schemas, for tools that expect one.
  if (Array.isArray(s.items)) {
    const prefix = s.items as Schema[];
    const distinct = [...new Map(prefix.map((p) => [JSON.stringify(p), p])).values()];
    s.prefixItems = prefix;
    s.items = distinct.length === 1 ? distinct[0] : { anyOf: distinct };
    delete s.additionalItems;
    s.maxItems ??= prefix.length;
  }
  if (s.type === 'integer' && s.format === undefined && typeof s.minimum === 'number' && typeof s.maximum === 'number') {
    s.format = s.minimum >= -INT32 && s.maximum < INT32 ? 'int32' : 'int64';
  }
  for (const [key, value] of Object.entries(s)) if (key !== 'enum' && key !== 'const' && key !== 'examples') normalize(value);
}

interface Variant {
  /** The generic component refined. */
  name: string;
  /** The properties that differ per kind (besides `kind`). */
  properties(prefix: string, game: AnyGame, doc: Document): Record<string, Schema>;
}

const nullable = (schema: Schema, description: string) => ({ anyOf: [schema, { type: 'null' }], description });

/** The options a creator may give: every one optional, with its default; and the clock, common to every kind. */
function optionsToCreate(prefix: string, game: AnyGame, doc: Document): Schema {
  const options = doc.components.schemas[`${prefix}Options`] as { properties?: Record<string, Schema> };
  return {
    type: 'object',
    additionalProperties: false,
    properties: { ...options.properties, clock: ref('ClockOption') },
    description: `the options of ${game.title} (each one optional, with its default), and the clock`,
  };
}

const VARIANTS: Variant[] = [
  {
    name: 'View',
    properties: (prefix) => ({
      legalActions: {
        type: 'array',
        items: ref(`${prefix}Action`),
        description: 'every action this seat may post now, exactly as it is to be posted',
      },
      state: nullable(ref(`${prefix}ViewState`), 'the game as this seat may know it; null while the table waits'),
    }),
  },
  { name: 'GameSummary', properties: (prefix) => ({ options: ref(`${prefix}Options`) }) },
  { name: 'CreatedGame', properties: (prefix) => ({ options: ref(`${prefix}Options`) }) },
  { name: 'LobbyGame', properties: (prefix) => ({ options: ref(`${prefix}Options`) }) },
  {
    name: 'GameRecord',
    properties: (prefix, _game, doc) => {
      // The genesis leaf holds the options too.
      const genesis = (doc.components.schemas.GameRecord as { properties: Record<string, Schema> }).properties
        .genesis as Schema & {
        properties: Record<string, Schema>;
      };
      return {
        options: ref(`${prefix}Options`),
        genesis: { ...genesis, properties: { ...genesis.properties, options: ref(`${prefix}Options`) } },
      };
    },
  },
  { name: 'CatalogEntry', properties: (prefix) => ({ options: ref(`${prefix}Options`) }) },
  {
    name: 'Replay',
    properties: (prefix) => ({
      views: {
        type: 'array',
        items: ref(`${prefix}ViewState`),
        description: 'what each seat could see after move `at`, by seat',
      },
      spectator: { ...ref(`${prefix}ViewState`), description: 'what a spectator could see after move `at`' },
    }),
  },
  {
    name: 'CreateGameRequest',
    properties: (prefix, game, doc) => ({
      seats: {
        anyOf: [
          {
            type: 'integer',
            minimum: game.seats.min,
            maximum: game.seats.max,
            description: 'this many guest seats, one seat token each',
          },
          {
            type: 'array',
            items: ref('SeatSpec'),
            minItems: game.seats.min,
            maxItems: game.seats.max,
            description: 'one entry per seat, in seat order',
          },
        ],
        description: `${game.seats.min === game.seats.max ? game.seats.min : `${game.seats.min} to ${game.seats.max}`} seats: a number of guest seats, or each seat said`,
      },
      options: optionsToCreate(prefix, game, doc),
    }),
  },
];

/** The document with each kind's schemas, and the shapes that carry a kind refined per kind. */
export function refineByKind(doc: Document, games: ReadonlyMap<string, AnyGame>): Document {
  const schemas = doc.components.schemas;
  const kinds = [...games.values()];

  for (const game of kinds) {
    const prefix = pascal(game.kind);
    schemas[`${prefix}Options`] = {
      ...json(game.optionsSchema),
      description: `the options of ${game.title}, every one resolved`,
    };
    schemas[`${prefix}Action`] = { ...json(game.actionSchema), description: `one action of ${game.title}` };
    schemas[`${prefix}ViewState`] = {
      ...json(game.viewSchema),
      description: `${game.title} as one seat may know it (fields a spectator may not see are null for it; after the end, everything)`,
    };
  }

  schemas.Kind = { type: 'string', enum: kinds.map((g) => g.kind), description: schemas.Kind?.description };
  schemas.Action = {
    anyOf: kinds.map((g) => ref(`${pascal(g.kind)}Action`)),
    description: 'one action of any kind of game: the view’s legalActions list, for the game’s kind, those a seat may post now',
  };

  for (const variant of VARIANTS) {
    const generic = schemas[variant.name] as Schema & { properties: Record<string, Schema>; description?: string };
    if (!generic) continue;
    const { examples, ...shape } = generic;
    const mapping: Record<string, string> = {};
    for (const game of kinds) {
      const prefix = pascal(game.kind);
      const name = `${prefix}${variant.name}`;
      mapping[game.kind] = ref(name).$ref;
      schemas[name] = {
        ...shape,
        description: `${generic.description ?? variant.name}: ${game.title}`,
        properties: {
          ...generic.properties,
          kind: { type: 'string', const: game.kind, description: 'the game’s kind' },
          ...variant.properties(prefix, game, doc),
        },
      };
    }
    schemas[variant.name] = {
      oneOf: kinds.map((g) => ref(`${pascal(g.kind)}${variant.name}`)),
      discriminator: { propertyName: 'kind', mapping },
      description: generic.description,
      ...(examples ? { examples } : {}),
    };
  }

  normalize(doc);
  return doc;
}
