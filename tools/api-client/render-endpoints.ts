import { CACHE_TAGS_EXTENSION, type CacheTag, type CacheTagsDeclaration } from '@abide/contracts';

/**
 * The generated endpoint modules (apps/web/src/shared/api/generated/endpoints/<tag>.ts): for the operations of one
 * OpenAPI tag, the zod schema of each JSON answer, rendered from the document's own schemas, and the cache tags each
 * route declares (`x-abide-cache`). One module per tag, so a page loads the schemas of its own feature only.
 *
 * The schemas are written for `zod/mini` (functions, not methods: `z.optional(x)` for `x.optional()`): the same
 * checks, but a page downloads only the checks it uses, about 6 kB gzip where zod's classic build is 27 kB whatever
 * is used. They check every answer My Plan's first view reads, so they are on its critical path (issue #27).
 */

interface JsonSchema {
  $ref?: string;
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
}

interface Operation {
  operationId?: string;
  tags?: string[];
  parameters?: { in?: string; name?: string }[];
  requestBody?: unknown;
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
  [CACHE_TAGS_EXTENSION]?: CacheTagsDeclaration;
}

export interface ApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const refName = (ref: string): string => {
  const prefix = '#/components/schemas/';
  if (!ref.startsWith(prefix)) throw new Error(`Only component references are supported, not ${ref}`);
  return ref.slice(prefix.length);
};

const identifierOf = (component: string): string => `${component.replace(/\W/g, '_')}Schema`;
const keyOf = (key: string): string => (/^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key));

/**
 * A zod/mini expression for a schema, as the client's types read it (@rtk-query/codegen-openapi): the shape (types,
 * required and nullable fields, enums, unions, maps), not the constraints (lengths, patterns, ranges), which are the
 * server's to keep and the API check's to prove (tools/api-check). `refs` collects the components it names.
 */
export const zodOf = (schema: JsonSchema, refs: Set<string>): string => {
  let expression: string;
  if (schema.$ref) {
    const name = refName(schema.$ref);
    refs.add(name);
    expression = identifierOf(name);
  } else if (schema.allOf) {
    expression = extensionOf(schema.allOf, refs);
  } else if (schema.anyOf ?? schema.oneOf) {
    const options = (schema.anyOf ?? schema.oneOf)!.map((option) => zodOf(option, refs));
    expression = options.length === 1 ? options[0] : `z.union([${options.join(', ')}])`;
  } else if ('const' in schema) {
    expression = `z.literal(${JSON.stringify(schema.const)})`;
  } else if (schema.enum) {
    const values = schema.enum.filter((value) => value !== null);
    if (values.length < schema.enum.length) schema = { ...schema, nullable: true };
    expression = values.every((value) => typeof value === 'string')
      ? `z.enum(${JSON.stringify(values)})`
      : values.length === 1
        ? `z.literal(${JSON.stringify(values[0])})`
        : `z.union([${values.map((value) => `z.literal(${JSON.stringify(value)})`).join(', ')}])`;
  } else {
    expression = zodOfType(schema, refs);
  }
  return schema.nullable ? `z.nullable(${expression})` : expression;
};

/** `allOf: [a component, an object]`, the form the generator gives an object that adds fields to another. */
const extensionOf = (parts: JsonSchema[], refs: Set<string>): string => {
  const [base, added] = parts;
  if (parts.length !== 2 || !base.$ref || added.type !== 'object' || !added.properties) {
    throw new Error('Only allOf of a component and the fields it adds is supported');
  }
  return `z.extend(${zodOf(base, refs)}, ${fieldsOf(added.properties, added.required, refs)})`;
};

/** An object's fields as the argument of `z.object` (or of `z.extend`). */
const fieldsOf = (properties: Record<string, JsonSchema>, requiredFields: string[] = [], refs: Set<string>): string => {
  const required = new Set(requiredFields);
  const fields = Object.entries(properties).map(([key, property]) =>
    required.has(key) ? `${keyOf(key)}: ${zodOf(property, refs)}` : `${keyOf(key)}: z.optional(${zodOf(property, refs)})`,
  );
  return `{ ${fields.join(', ')} }`;
};

const zodOfType = (schema: JsonSchema, refs: Set<string>): string => {
  switch (schema.type) {
    case 'string':
      return 'z.string()';
    case 'integer':
    case 'number':
      return 'z.number()';
    case 'boolean':
      return 'z.boolean()';
    case 'array':
      return `z.array(${zodOf(schema.items ?? {}, refs)})`;
    case 'object': {
      const extra = typeof schema.additionalProperties === 'object' ? zodOf(schema.additionalProperties, refs) : 'z.unknown()';
      if (!schema.properties) return `z.record(z.string(), ${extra})`;
      const object = `z.object(${fieldsOf(schema.properties, schema.required, refs)})`;
      return typeof schema.additionalProperties === 'object' ? `z.catchall(${object}, ${extra})` : object;
    }
    default:
      return 'z.unknown()';
  }
};

/** The schema of an operation's answer: its JSON success responses (one, or a union of them, as its type reads). */
const responseSchemaOf = (operation: Operation): JsonSchema | undefined => {
  const answers = Object.entries(operation.responses ?? {})
    .filter(([status]) => /^2\d\d$/.test(status))
    .flatMap(([, response]) => {
      const schema = response.content?.['application/json']?.schema;
      return schema ? [schema] : [];
    });
  if (answers.length === 0) return undefined;
  return answers.length === 1 ? answers[0] : { anyOf: answers };
};

/**
 * How a tag's id reads the endpoint's argument: the client passes a lone parameter as itself (`flattenArg`), several
 * as an object keyed by their names (apps/web/openapi-codegen.config.ts).
 */
const argumentCount = (operation: Operation): number =>
  (operation.parameters ?? []).filter((parameter) => !(parameter.in === 'header' && parameter.name === 'Idempotency-Key')).length +
  (operation.requestBody ? 1 : 0);

/**
 * A route's cache tags as RTK Query reads them. A write's tags stay fresh when its answer is the queued one (the write
 * was kept on the device, nothing changed on the server yet: apps/web/src/shared/api/queued-answer.ts).
 */
const renderTags = (operation: Operation, tags: readonly CacheTag[], when: { onlyOnSuccess: boolean; write: boolean }): string => {
  const flattened = argumentCount(operation) === 1;
  const parameterNames = new Set((operation.parameters ?? []).map((parameter) => parameter.name));
  const rendered = tags.map((tag) => {
    if (typeof tag === 'string') return JSON.stringify(tag);
    if (!parameterNames.has(tag.idParam)) {
      throw new Error(
        `${operation.operationId}: the cache tag ${tag.type} names the parameter ${tag.idParam}, which the route does not have`,
      );
    }
    return `{ type: ${JSON.stringify(tag.type)}, id: ${flattened ? 'arg' : `arg.${tag.idParam}`} }`;
  });
  const list = `[${rendered.join(', ')}]`;
  const usesArgument = tags.some((tag) => typeof tag !== 'string');
  const unless = [...(when.onlyOnSuccess ? ['error'] : []), ...(when.write ? ['isQueued(result)'] : [])];
  if (unless.length === 0) return usesArgument ? `(_result, _error, arg) => ${list}` : list;
  const parameters = [when.write ? 'result' : '_result', when.onlyOnSuccess ? 'error' : '_error', ...(usesArgument ? ['arg'] : [])];
  while (parameters.at(-1)?.startsWith('_')) parameters.pop();
  return `(${parameters.join(', ')}) => (${unless.join(' || ')} ? [] : ${list})`;
};

/** A component's zod schema and the components it names. */
interface Declaration {
  name: string;
  expression: string;
  refs: Set<string>;
}

/**
 * The components `roots` name, directly or through others, each after the ones it names (the document has no
 * recursive schema), with its zod expression.
 */
const componentsInOrder = (roots: Iterable<string>, components: Record<string, JsonSchema>): Declaration[] => {
  const ordered: Declaration[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string): void => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') throw new Error(`The schema ${name} refers to itself, which the generator does not render`);
    const schema = components[name];
    if (!schema) throw new Error(`The document has no schema ${name}`);
    state.set(name, 'visiting');
    const refs = new Set<string>();
    const expression = zodOf(schema, refs);
    for (const ref of [...refs].sort()) visit(ref);
    state.set(name, 'done');
    ordered.push({ name, expression, refs });
  };
  for (const name of [...roots].sort()) visit(name);
  return ordered;
};

/** `member-imports` → `memberImports`. */
export const moduleNameOf = (tag: string): string => tag.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());

const banner = '// Generated by `npm run api:client` from ../openapi.json (docs/api.md). Do not edit.\n';

/** Every operation's first tag, its name, whether it writes (any method but GET) and its definition, in document order. */
const operationsOf = (document: ApiDocument): { tag: string; id: string; write: boolean; operation: Operation }[] =>
  Object.values(document.paths).flatMap((item) =>
    Object.entries(item).flatMap(([method, operation]) =>
      operation.operationId && operation.tags?.[0]
        ? [{ tag: operation.tags[0], id: operation.operationId, write: method.toLowerCase() !== 'get', operation }]
        : [],
    ),
  );

/** The cache tag names the routes declare, for the API slice's `tagTypes`. */
export const cacheTagTypesOf = (document: ApiDocument): string[] => {
  const names = new Set<string>();
  for (const { operation } of operationsOf(document)) {
    const declaration = operation[CACHE_TAGS_EXTENSION];
    for (const tag of [...(declaration?.provides ?? []), ...(declaration?.invalidates ?? [])])
      names.add(typeof tag === 'string' ? tag : tag.type);
  }
  return [...names].sort();
};

/** The schemas several tag modules use, declared once and imported by each of them. */
const SHARED_MODULE = 'schemas';

/**
 * The generated modules' sources, unformatted, by file name relative to the generated folder: one per OpenAPI tag
 * whose operations have a JSON answer or cache tags, `schemas.ts` with the component schemas more than one of them
 * use, and `cache-tags.ts` with every tag name. Each component schema is one constant, declared in the tag module
 * that alone uses it or in `schemas.ts`; the document should name each shape once (named-schemas.ts), so that no
 * shape is written out twice.
 */
export const renderEndpointModules = (document: ApiDocument): Record<string, string> => {
  const components = document.components?.schemas ?? {};
  const byTag = new Map<string, { id: string; write: boolean; operation: Operation }[]>();
  for (const { tag, ...operation } of operationsOf(document)) byTag.set(tag, [...(byTag.get(tag) ?? []), operation]);

  const modules: {
    tag: string;
    responses: string[];
    endpoints: string[];
    refs: Set<string>;
    components: Declaration[];
    queuedAnswerNames: Set<string>;
  }[] = [];
  for (const [tag, operations] of [...byTag].sort(([a], [b]) => a.localeCompare(b))) {
    const refs = new Set<string>();
    const responses: string[] = [];
    const endpoints: string[] = [];
    const queuedAnswerNames = new Set<string>();
    for (const { id, write, operation } of operations) {
      const response = responseSchemaOf(operation);
      const declaration = operation[CACHE_TAGS_EXTENSION];
      const fields: string[] = [];
      if (response) {
        responses.push(`export const ${id}Response = ${zodOf(response, refs)};`);
        // A write may be answered by the offline queue instead of the server: that answer passes unchecked.
        fields.push(`responseSchema: ${write ? `checkedUnlessQueued(${id}Response)` : `${id}Response`}`);
        if (write) queuedAnswerNames.add('checkedUnlessQueued');
      }
      if (declaration?.provides?.length) {
        fields.push(`providesTags: ${renderTags(operation, declaration.provides, { onlyOnSuccess: false, write: false })}`);
      }
      if (declaration?.invalidates?.length) {
        const onlyOnSuccess = declaration.onlyOnSuccess === true;
        fields.push(`invalidatesTags: ${renderTags(operation, declaration.invalidates, { onlyOnSuccess, write })}`);
        if (write) queuedAnswerNames.add('isQueued');
      }
      if (fields.length > 0) endpoints.push(`${id}: { ${fields.join(', ')} },`);
    }
    if (endpoints.length > 0) {
      modules.push({ tag, responses, endpoints, refs, components: componentsInOrder(refs, components), queuedAnswerNames });
    }
  }

  // A component more than one module needs lives in the shared module (so do the ones it names: they are needed alike).
  const users = new Map<string, number>();
  for (const module of modules) for (const { name } of module.components) users.set(name, (users.get(name) ?? 0) + 1);
  const shared = new Set([...users].filter(([, count]) => count > 1).map(([name]) => name));
  const declarations = (list: Declaration[], exported: boolean) =>
    list.map(({ name, expression }) => `${exported ? 'export ' : ''}const ${identifierOf(name)} = ${expression};`);

  const files: Record<string, string> = {
    'cache-tags.ts':
      `${banner}\n/** Every cache tag the API's routes declare (\`@CacheTags\`): the API slice's tag types. */\n` +
      `export const cacheTagTypes = ${JSON.stringify(cacheTagTypesOf(document))} as const;\n`,
  };
  if (shared.size > 0) {
    files[`${SHARED_MODULE}.ts`] = [
      banner,
      "import { z } from 'zod/mini';",
      '',
      '/** The schemas of the shapes that answers of several tags contain, each declared once. */',
      ...declarations(componentsInOrder(shared, components), true),
      '',
    ].join('\n');
  }
  for (const { tag, responses, endpoints, refs, components: needed, queuedAnswerNames } of modules) {
    const own = needed.filter(({ name }) => !shared.has(name));
    // What the module's own lines name: its answers and the schemas it declares.
    const named = new Set([...refs, ...own.flatMap((declaration) => [...declaration.refs])]);
    const imported = [...named]
      .filter((name) => shared.has(name))
      .map(identifierOf)
      .sort();
    const name = moduleNameOf(tag);
    files[`endpoints/${name}.ts`] = [
      banner,
      ...(own.length > 0 || responses.some((line) => /\bz\./.test(line)) ? ["import { z } from 'zod/mini';"] : []),
      "import { abideApi } from '../abideApi';",
      ...(imported.length > 0 ? [`import { ${imported.join(', ')} } from '../${SHARED_MODULE}';`] : []),
      ...(queuedAnswerNames.size > 0 ? [`import { ${[...queuedAnswerNames].sort().join(', ')} } from '../../queued-answer';`] : []),
      '',
      ...declarations(own, false),
      '',
      `/** The answers of the \`${tag}\` operations, as the API document describes them. */`,
      ...responses,
      '',
      `/** The \`${tag}\` endpoints with their answers checked and the cache tags their routes declare. */`,
      `export const ${name}Endpoints = abideApi.enhanceEndpoints({ endpoints: {`,
      ...endpoints,
      '} });',
      '',
    ].join('\n');
  }
  return files;
};
