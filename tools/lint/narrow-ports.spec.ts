import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import * as ts from 'typescript';

const root = join(__dirname, '../..');

/** The services whose ports are narrow (docs/structure.md, "Ports"). */
const services = ['formation', 'identity', 'library', 'community', 'gateway'];

/** Every file below `dir` whose name ends with `suffix`. */
const filesUnder = (dir: string, suffix: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path, suffix);
    return entry.name.endsWith(suffix) ? [path] : [];
  });

const compilerOptions = (): ts.CompilerOptions => {
  const configFile = join(root, 'tsconfig.json');
  const { config } = ts.readConfigFile(configFile, (path) => ts.sys.readFile(path));
  return ts.parseJsonConfigFileContent(config, ts.sys, root, { noEmit: true }, configFile).options;
};

const isAbstract = (node: ts.Node): boolean =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.AbstractKeyword);
const isExported = (node: ts.Node): boolean =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/**
 * Reads the ports without type-checking the service (a program over the whole service takes a minute): each file is
 * parsed alone, and a re-export is followed to the file that declares the name.
 */
class Exports {
  private readonly options = compilerOptions();
  private readonly parsed = new Map<string, ts.SourceFile>();

  source(file: string): ts.SourceFile {
    let source = this.parsed.get(file);
    if (!source) {
      source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      this.parsed.set(file, source);
    }
    return source;
  }

  private resolve(specifier: ts.Expression, from: string): string | undefined {
    const resolved = ts.resolveModuleName((specifier as ts.StringLiteral).text, from, this.options, ts.sys).resolvedModule;
    return resolved?.resolvedFileName;
  }

  /** The class `name` names in `file`, following imports and re-exports; undefined when it is no class (or unknown). */
  classNamed(file: string, name: string, seen = new Set<string>()): ts.ClassDeclaration | undefined {
    if (seen.has(`${file}#${name}`)) return undefined;
    seen.add(`${file}#${name}`);
    const source = this.source(file);
    for (const statement of source.statements) {
      if (ts.isClassDeclaration(statement) && statement.name?.text === name) return statement;
      if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) {
        const bindings = statement.importClause?.namedBindings;
        const element = bindings && ts.isNamedImports(bindings) ? bindings.elements.find((e) => e.name.text === name) : undefined;
        const target = element && this.resolve(statement.moduleSpecifier, file);
        if (element && target) return this.classNamed(target, (element.propertyName ?? element.name).text, seen);
      }
      if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
        const target = statement.moduleSpecifier && this.resolve(statement.moduleSpecifier, file);
        if (!statement.exportClause) {
          const found = target && this.classNamed(target, name, seen);
          if (found) return found;
        } else if (ts.isNamedExports(statement.exportClause)) {
          const element = statement.exportClause.elements.find((e) => e.name.text === name && !e.isTypeOnly);
          const original = element && (element.propertyName ?? element.name).text;
          if (original && target) return this.classNamed(target, original, seen);
          if (original && original !== name) return this.classNamed(file, original, seen);
        }
      }
    }
    return undefined;
  }

  /** The classes a port exports (declared in it or re-exported), and the `export *` it should not have. */
  classesOf(port: string): { classes: Array<{ name: string; declaration: ts.ClassDeclaration }>; wildcards: number } {
    const classes: Array<{ name: string; declaration: ts.ClassDeclaration }> = [];
    let wildcards = 0;
    for (const statement of this.source(port).statements) {
      if (ts.isClassDeclaration(statement) && statement.name && isExported(statement))
        classes.push({ name: statement.name.text, declaration: statement });
      if (!ts.isExportDeclaration(statement) || statement.isTypeOnly) continue;
      if (!statement.exportClause) wildcards++;
      else if (ts.isNamedExports(statement.exportClause))
        for (const element of statement.exportClause.elements) {
          if (element.isTypeOnly) continue;
          const declaration = statement.moduleSpecifier
            ? this.classNamed(this.resolve(statement.moduleSpecifier, port) ?? '', (element.propertyName ?? element.name).text)
            : this.classNamed(port, (element.propertyName ?? element.name).text);
          if (declaration) classes.push({ name: element.name.text, declaration });
        }
    }
    return { classes, wildcards };
  }
}

/**
 * What is wrong with the ports' exports: a port may export types, functions and constants, and classes only when they
 * are tokens: abstract, every member abstract (no behaviour behind the port), and bound to their implementation with
 * `portProvider(Token, …)` in a module (`bindings`: the text of the app's module files).
 */
const portProblems = (portFiles: readonly string[], bindings: string): string[] => {
  const exports = new Exports();
  return portFiles.flatMap((file) => {
    const { classes, wildcards } = exports.classesOf(file);
    const named = wildcards > 0 ? [`${relative(root, file)}: export * (a port names what it exports)`] : [];
    return [
      ...named,
      ...classes.flatMap(({ name, declaration }) => {
        const where = `${relative(root, file)}: ${name}`;
        if (!isAbstract(declaration)) return [`${where} is a class, not a port (export an abstract class its module binds to it)`];
        const concrete = declaration.members
          .filter((member) => !isAbstract(member))
          .map((member) => member.name?.getText() ?? 'constructor');
        const problems = concrete.length > 0 ? [`${where} has members with behaviour: ${concrete.join(', ')}`] : [];
        const bound = new RegExp(`portProvider\\(\\s*${name}\\s*,`).test(bindings);
        return bound ? problems : [...problems, `${where} is bound to no implementation (portProvider(${name}, …) in a module)`];
      }),
    ];
  });
};

describe('narrow ports', () => {
  it.each(services)("%s's ports export only tokens, each bound to its implementation", (service) => {
    const src = join(root, 'apps', service, 'src');
    const ports = filesUnder(src, '.port.ts');
    expect(ports.length).toBeGreaterThan(0);
    const bindings = [...filesUnder(src, '.module.ts')].map((path) => readFileSync(path, 'utf8')).join('\n');
    expect(portProblems(ports, bindings)).toEqual([]);
  });

  it('refuses a port that exports a class with behaviour, a token with a body, or a token nothing binds', () => {
    const dir = mkdtempSync(join(tmpdir(), 'narrow-ports-'));
    try {
      const port = join(dir, 'probe.port.ts');
      writeFileSync(join(dir, 'store.ts'), 'export class HabitStore { find(): number { return 1; } }\n');
      writeFileSync(
        port,
        [
          "export { HabitStore } from './store';",
          'export abstract class Bound { abstract find(): number; }',
          'export abstract class HalfBound { abstract find(): number; count(): number { return 0; } }',
          'export abstract class Unbound { abstract find(): number; }',
          'export const helper = (): number => 1;',
          'export interface Shape { id: string }',
        ].join('\n'),
      );
      const problems = portProblems([port], 'portProvider(Bound, Impl), portProvider(HalfBound, Impl)');
      expect(problems).toEqual([
        expect.stringContaining('HabitStore is a class, not a port'),
        expect.stringContaining('HalfBound has members with behaviour: count'),
        expect.stringContaining('Unbound is bound to no implementation'),
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
