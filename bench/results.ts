import fs from 'node:fs';
import path from 'node:path';

const RESULTS = path.join(process.cwd(), 'bench', 'RESULTS.md');

/**
 * Puts `table` between the markers `<!-- NAME:start -->` and `<!-- NAME:end -->` of
 * bench/RESULTS.md, the rest of the file as it was. Where the markers are not there yet,
 * `withMarkers` gives the file's text with them added (`previous` is undefined without a file).
 */
export function writeResultsBetween(
  name: string,
  table: string,
  withMarkers: (previous: string | undefined, start: string, end: string) => string,
): void {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const previous = fs.existsSync(RESULTS) ? fs.readFileSync(RESULTS, 'utf8') : undefined;
  const text = previous?.includes(start) ? previous : withMarkers(previous, start, end);
  const [head, rest] = text.split(start);
  fs.writeFileSync(RESULTS, `${head}${start}\n${table}\n${end}${rest!.split(end)[1] ?? '\n'}`);
  console.log(`\nWritten to ${path.relative(process.cwd(), RESULTS)}.`);
}

/**
 * A bench's section of bench/RESULTS.md: `table` between its markers, which the first run adds
 * at the end of the file under `intro` (the section's heading and what the bench measures).
 */
export function writeResults(name: string, table: string, intro: readonly string[]): void {
  writeResultsBetween(name, table, (previous = '', start, end) =>
    [previous.trimEnd(), '', ...intro, '', start, end, ''].join('\n'),
  );
}
