import type { JsonSchema } from './api';
import { capitalize, humanize } from './labels';

/**
 * A game's options as form fields, drawn from its options schema (GET /catalog/{kind}): a choice of
 * values as a select, yes/no as a checkbox, a number as a number field (empty where the schema
 * allows null), a group of options as a fieldset.
 */

type Values = Record<string, unknown>;

interface FieldProps {
  name: string;
  schema: JsonSchema;
  value: unknown;
  onChange(value: unknown): void;
  id: string;
}

const variantsOf = (schema: JsonSchema) => schema.anyOf ?? [schema];

function Field({ name, schema, value, onChange, id }: FieldProps) {
  const variants = variantsOf(schema);
  const label = capitalize(humanize(name));
  // The schema speaks JSON ("null"); the form speaks to people ("none").
  const hint = schema.description ? <small id={`${id}-hint`}>{schema.description.replace(/\bnull\b/g, 'none')}</small> : null;
  const described = schema.description ? `${id}-hint` : undefined;
  const choices = variants.filter((v) => v.const !== undefined).map((v) => v.const);
  const nullable = variants.some((v) => v.type === 'null');
  const number = variants.find((v) => v.type === 'integer' || v.type === 'number');

  if (schema.type === 'object' && schema.properties) {
    return (
      <fieldset class="option-group">
        <legend>{label}</legend>
        {hint}
        <SchemaFields schema={schema} values={(value ?? {}) as Values} onChange={onChange} idPrefix={id} />
      </fieldset>
    );
  }
  if (schema.type === 'boolean') {
    return (
      <div class="option">
        <label>
          <input
            id={id}
            type="checkbox"
            checked={value === true}
            aria-describedby={described}
            onChange={(e) => onChange(e.currentTarget.checked)}
          />{' '}
          {label}
        </label>
        {hint}
      </div>
    );
  }
  if (choices.length > 0 && choices.length + (nullable ? 1 : 0) === variants.length) {
    return (
      <div class="option">
        <label for={id}>{label}</label>
        <select
          id={id}
          aria-describedby={described}
          onChange={(e) => {
            const picked = e.currentTarget.value;
            onChange(picked === '' ? null : choices.find((c) => String(c) === picked));
          }}
        >
          {nullable && (
            <option value="" selected={value === null}>
              none
            </option>
          )}
          {choices.map((c) => (
            <option key={String(c)} value={String(c)} selected={c === value}>
              {String(c)}
            </option>
          ))}
        </select>
        {hint}
      </div>
    );
  }
  if (number) {
    return (
      <div class="option">
        <label for={id}>{label}</label>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          step={number.type === 'integer' ? 1 : 'any'}
          min={number.minimum}
          max={number.maximum}
          required={!nullable}
          placeholder={nullable ? 'none' : undefined}
          value={typeof value === 'number' ? value : ''}
          aria-describedby={described}
          onInput={(e) => {
            const n = e.currentTarget.valueAsNumber;
            onChange(Number.isNaN(n) ? (nullable ? null : undefined) : n);
          }}
        />
        {hint}
      </div>
    );
  }
  return (
    <div class="option">
      <label for={id}>{label}</label>
      <input
        id={id}
        type="text"
        value={typeof value === 'string' ? value : ''}
        aria-describedby={described}
        onInput={(e) => onChange(e.currentTarget.value)}
      />
      {hint}
    </div>
  );
}

export function SchemaFields({
  schema,
  values,
  onChange,
  idPrefix,
}: {
  schema: JsonSchema;
  values: Values;
  onChange(values: Values): void;
  idPrefix: string;
}) {
  return (
    <>
      {Object.entries(schema.properties ?? {}).map(([name, field]) => (
        <Field
          key={name}
          id={`${idPrefix}-${name}`}
          name={name}
          schema={field}
          value={values[name]}
          onChange={(v) => onChange({ ...values, [name]: v })}
        />
      ))}
    </>
  );
}

/** Only the options changed from their defaults: the server resolves the rest (some defaults depend on the seats). */
export function changedOptions(values: Values, defaults: Values): Values {
  const changed: Values = {};
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && JSON.stringify(value) !== JSON.stringify(defaults[key])) changed[key] = value;
  }
  return changed;
}
