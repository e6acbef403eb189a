/**
 * The API document with every object shape written once. The services' documents inline each nested DTO where it is
 * used (a group's summary inside a page of groups, inside a dashboard, …), so a client generated from them would spell
 * the same shape out again at every use. Here each object schema that stands in more than one place becomes one
 * component, and every other place refers to it: a component schema where the document already has one, otherwise a
 * new component named after where the shape first stands (`SpiritualPlanDto` → `SpiritualPlanDtoCurriculum`).
 *
 * Two places are the same shape when they differ in nothing the client reads (key order, lengths, patterns, ranges
 * and defaults aside: shapeOf), so the types and checks generated from the result are exactly those of the document.
 * A nullable use of a shared shape refers to it as `{ anyOf: [{ $ref }], nullable: true }`, the form OpenAPI 3.0
 * gives a nullable reference. An object that has all the fields of a named one (of MIN_BASE_FIELDS or more) and more
 * is written as `{ allOf: [{ $ref }, { the other fields }] }`: `z.extend` in zod, `&` in the types.
 */

type Schema = Record<string, unknown>;

interface DocumentWithSchemas {
  paths: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, Schema>; [section: string]: unknown };
  [section: string]: unknown;
}

const COMPONENT_PREFIX = '#/components/schemas/';

const isObject = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A shape worth a name: an object with fields (a lone string or a list of them reads as well inline). */
const isNameable = (schema: Schema): boolean =>
  schema.type === 'object' && isObject(schema.properties) && Object.keys(schema.properties).length > 0;

/**
 * Keywords that change neither a generated type nor a generated check: the client reads a shape (types, required and
 * nullable fields, enums, unions, maps), while lengths, patterns, ranges and defaults are the server's to keep.
 */
const constraintKeywords = new Set([
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
  'uniqueItems',
  'default',
  'example',
  'examples',
]);

/** The shape alone: key order, constraints and a format other than `binary` (a file: `Blob`) left aside. */
const shapeOf = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(shapeOf);
  if (!isObject(value)) return value;
  const keys = Object.keys(value)
    .filter((key) => !constraintKeywords.has(key) && !(key === 'format' && value.format !== 'binary'))
    .sort();
  return Object.fromEntries(
    keys.map((key) => [key, key === 'properties' && isObject(value[key]) ? propertiesShape(value[key]) : shapeOf(value[key])]),
  );
};
// Field names are data, not keywords: a field called `pattern` stays.
const propertiesShape = (properties: Schema): Schema =>
  Object.fromEntries(
    Object.keys(properties)
      .sort()
      .map((key) => [key, shapeOf(properties[key])]),
  );

/** The schema's shape as a key, whether a use allows null left aside (the reference says it). */
const shapeKey = (schema: Schema): string => {
  const { nullable: _nullable, ...shape } = schema;
  return JSON.stringify(shapeOf(shape));
};

/** A field's schema as a key (its nullability included). */
const fieldKey = (schema: unknown): string => JSON.stringify(shapeOf(schema));

/** The fewest fields a named object has for another to be written as it plus more (a smaller one reads better whole). */
const MIN_BASE_FIELDS = 5;

/** An object of fields and nothing else, which can add fields to another or have fields added to it. */
const isPlainObject = (schema: Schema | undefined): schema is Schema =>
  schema !== undefined &&
  isNameable(schema) &&
  Object.keys(schema).every((key) => ['type', 'properties', 'required', 'nullable'].includes(key));

/**
 * Whether `schema` is `base` plus more fields: both plain objects, `base` with at least MIN_BASE_FIELDS fields, each
 * of them in `schema` with the same shape and equally required.
 */
const addsTo = (schema: Schema, base: Schema | undefined): boolean => {
  if (!isPlainObject(schema) || !isPlainObject(base)) return false;
  const properties = schema.properties as Schema;
  const baseProperties = base.properties as Schema;
  const fields = Object.keys(baseProperties);
  const required = new Set(schema.required as string[] | undefined);
  const baseRequired = new Set(base.required as string[] | undefined);
  return (
    fields.length >= MIN_BASE_FIELDS &&
    fields.length < Object.keys(properties).length &&
    fields.every(
      (field) =>
        field in properties &&
        required.has(field) === baseRequired.has(field) &&
        fieldKey(properties[field]) === fieldKey(baseProperties[field]),
    )
  );
};

const upperFirst = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
const pascalOf = (text: string): string =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map(upperFirst)
    .join('');

/**
 * Calls `visit` on every schema below `schema` (not `schema` itself) with a name for where it stands, and puts back
 * what `visit` returns. The name joins the fields' names: `curriculum`, `dailyActivities` + `Item`.
 */
const mapChildren = (schema: Schema, at: string, visit: (child: Schema, at: string) => Schema): Schema => {
  const mapped: Schema = { ...schema };
  if (isObject(schema.properties)) {
    mapped.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([key, child]) => [key, isObject(child) ? visit(child, at + pascalOf(key)) : child]),
    );
  }
  if (isObject(schema.items)) mapped.items = visit(schema.items, `${at}Item`);
  if (isObject(schema.additionalProperties)) mapped.additionalProperties = visit(schema.additionalProperties, `${at}Value`);
  for (const union of ['anyOf', 'oneOf', 'allOf'] as const) {
    const options = schema[union];
    if (Array.isArray(options)) {
      mapped[union] = options.map((option: unknown, index) => (isObject(option) ? visit(option, `${at}Option${index + 1}`) : option));
    }
  }
  return mapped;
};

/** The schemas of an operation's parameters, request body and responses, each with a name for where it stands. */
const operationSchemas = (operation: Schema, map: (schema: Schema, at: string) => Schema): Schema => {
  const at = pascalOf(String(operation.operationId ?? 'operation'));
  const inContent = (holder: unknown, suffix: string): unknown => {
    if (!isObject(holder) || !isObject(holder.content)) return holder;
    const content = Object.fromEntries(
      Object.entries(holder.content).map(([type, media]) => [
        type,
        isObject(media) && isObject(media.schema) ? { ...media, schema: map(media.schema, at + suffix) } : media,
      ]),
    );
    return { ...holder, content };
  };
  const mapped: Schema = { ...operation };
  if (Array.isArray(operation.parameters)) {
    mapped.parameters = operation.parameters.map((parameter: unknown) =>
      isObject(parameter) && isObject(parameter.schema)
        ? { ...parameter, schema: map(parameter.schema, at + pascalOf(String(parameter.name))) }
        : parameter,
    );
  }
  if (operation.requestBody) mapped.requestBody = inContent(operation.requestBody, 'Body');
  if (isObject(operation.responses)) {
    mapped.responses = Object.fromEntries(
      Object.entries(operation.responses).map(([status, response]) => [status, inContent(response, `Response${status}`)]),
    );
  }
  return mapped;
};

/** Every schema tree of the document (components and operations) passed through `map`, in document order. */
const mapDocument = (document: DocumentWithSchemas, map: (schema: Schema, at: string) => Schema): DocumentWithSchemas => {
  const schemas = Object.fromEntries(Object.entries(document.components?.schemas ?? {}).map(([name, schema]) => [name, map(schema, name)]));
  const paths = Object.fromEntries(
    Object.entries(document.paths).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([method, operation]) => [method, isObject(operation) ? operationSchemas(operation, map) : operation]),
      ),
    ]),
  );
  return { ...document, paths, components: { ...document.components, schemas } };
};

const referenceTo = (name: string, nullable: unknown): Schema =>
  nullable === true ? { anyOf: [{ $ref: COMPONENT_PREFIX + name }], nullable: true } : { $ref: COMPONENT_PREFIX + name };

/**
 * The document with each shape that stands in several places named once (see above). Component schemas keep their
 * names; what stands inside them and inside the operations' schemas refers to named shapes.
 */
export const withNamedSchemas = <Document extends { paths: object }>(input: Document): Document => {
  const document = input as unknown as DocumentWithSchemas;
  const components = document.components?.schemas ?? {};
  /** The name of each shape (by shapeKey) that has one: the document's components, then the shapes found repeated. */
  const names = new Map<string, string>();
  for (const name of Object.keys(components).sort()) {
    const schema = components[name];
    if (isNameable(schema) && schema.nullable !== true && !names.has(shapeKey(schema))) names.set(shapeKey(schema), name);
  }
  const found = new Map<string, Schema>();
  const everySchema = (map: (schema: Schema, at: string) => Schema): DocumentWithSchemas =>
    mapDocument({ ...document, components: { ...document.components, schemas: { ...components, ...Object.fromEntries(found) } } }, map);

  /**
   * The name a schema is referred to by where it stands. A root (a component, an operation's body or answer) keeps
   * its schema: the client generator names endpoint arguments and types after what a root is.
   */
  const nameAt = (schema: Schema, isRoot: boolean): string | undefined =>
    !isRoot && isNameable(schema) ? names.get(shapeKey(schema)) : undefined;
  /**
   * The named shape this object adds fields to, if any, and the fields it adds: the largest named object whose fields
   * (of at least `MIN_BASE_FIELDS`) it has all of, each of the same shape and equally required.
   */
  const extensionOf = (schema: Schema): { base: string; rest: Schema } | undefined => {
    if (!isPlainObject(schema)) return undefined;
    let best: { base: string; fields: number } | undefined;
    for (const name of names.values()) {
      const base = definitionOf(name);
      const fields = isPlainObject(base) ? Object.keys(base.properties as Schema).length : 0;
      if ((!best || fields > best.fields) && addsTo(schema, base)) best = { base: name, fields };
    }
    if (!best) return undefined;
    const properties = schema.properties as Schema;
    const required = new Set(schema.required as string[] | undefined);
    const added = Object.keys(properties).filter((field) => !(field in (definitionOf(best.base)!.properties as Schema)));
    const rest: Schema = { type: 'object', properties: Object.fromEntries(added.map((field) => [field, properties[field]])) };
    const restRequired = added.filter((field) => required.has(field));
    if (restRequired.length > 0) rest.required = restRequired;
    return { base: best.base, rest };
  };

  const definitionOf = (name: string): Schema | undefined => components[name] ?? found.get(name);

  const rewrite = (schema: Schema, at: string, isRoot: boolean): Schema => {
    const name = nameAt(schema, isRoot);
    if (name) return referenceTo(name, schema.nullable);
    const extension = extensionOf(schema);
    if (!extension) return mapChildren(schema, at, (child, childAt) => rewrite(child, childAt, false));
    const added = mapChildren(extension.rest, at, (child, childAt) => rewrite(child, childAt, false));
    const extended: Schema = { allOf: [{ $ref: COMPONENT_PREFIX + extension.base }, added] };
    return schema.nullable === true ? { ...extended, nullable: true } : extended;
  };

  // Name the largest shape that still stands in several places, then count again: those inside it now stand once.
  for (;;) {
    const unnamed = new Map<string, { count: number; at: string; schema: Schema }>();
    const standing: Schema[] = [];
    const count = (schema: Schema, at: string, isRoot: boolean): Schema => {
      if (nameAt(schema, isRoot)) return schema;
      if (isNameable(schema)) standing.push(schema);
      if (!isRoot && isNameable(schema) && !names.has(shapeKey(schema))) {
        const entry = unnamed.get(shapeKey(schema));
        if (entry) entry.count += 1;
        else unnamed.set(shapeKey(schema), { count: 1, at, schema });
      }
      return mapChildren(extensionOf(schema)?.rest ?? schema, at, (child, childAt) => count(child, childAt, false));
    };
    everySchema((schema, at) => count(schema, at, true));
    // A shape another one adds fields to is needed twice as well: whole, and as the other's base.
    const repeated = [...unnamed].filter(([, entry]) => entry.count > 1 || standing.some((other) => addsTo(other, entry.schema)));
    if (repeated.length === 0) break;
    const [key, { at, schema }] = repeated.reduce((largest, candidate) =>
      candidate[0].length > largest[0].length || (candidate[0].length === largest[0].length && candidate[0] < largest[0])
        ? candidate
        : largest,
    );
    let name = at;
    for (let n = 2; name in components || found.has(name); n += 1) name = `${at}${n}`;
    const { nullable: _nullable, ...definition } = schema;
    names.set(key, name);
    found.set(name, definition);
  }
  return everySchema((schema, at) => rewrite(schema, at, true)) as unknown as Document;
};
