import type { JsonSchema } from './api';
import { capitalize, describedInWords, humanize, yesNoWords } from './labels';

/**
 * A game's options as form fields, drawn from its options schema (GET /catalog/{kind}): a choice of
 * values as a select of words, yes/no as two labelled choices, a number as a number field (empty
 * where the schema allows null), a group of options as a fieldset. The schemas' descriptions are
 * written for the API ("(dealer-left, the default)", "(default true); false: ..."): the form says
 * them in words, the default marked on its choice.
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

/** A value as a choice reads: "dealer-left" is "Dealer left". */
const choiceWords = (value: unknown) => capitalize(humanize(String(value)));

function Field({ name, schema, value, onChange, id }: FieldProps) {
  const variants = variantsOf(schema);
  const label = capitalize(humanize(name));
  const choices = variants.filter((v) => v.const !== undefined).map((v) => v.const);
  // The schema speaks JSON ("null", "dealer-left"); the form speaks to people.
  const words =
    schema.type === 'boolean' ? yesNoWords(schema.description ?? '').yes : describedInWords(schema.description ?? '', choices);
  const hint = words ? <small id={`${id}-hint`}>{words}</small> : null;
  const described = words ? `${id}-hint` : undefined;
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
    const { no } = yesNoWords(schema.description ?? '');
    const marked = (answer: boolean, text: string) => (schema.default === answer ? `${text} (the default)` : text);
    return (
      <fieldset class="option yes-no" aria-describedby={described}>
        <legend>{label}</legend>
        {hint}
        <label>
          <input type="radio" name={id} id={id} checked={value === true} onChange={() => onChange(true)} /> {marked(true, 'Yes')}
        </label>
        <label>
          <input type="radio" name={id} id={`${id}-no`} checked={value !== true} onChange={() => onChange(false)} />{' '}
          {marked(false, 'No')}
          {no ? `: ${no}` : ''}
        </label>
      </fieldset>
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
              {choiceWords(c)}
              {c === schema.default ? ' (the default)' : ''}
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
