/**
 * A pedigree CSV of `rows` identities for the import benchmark (issue 16): founders and then
 * generations, each foal naming a sire and a dam of the generation before by UELN; written
 * newest first, so every foal comes before its parents in the file. UELNs start with
 * `prefix` (5 characters), so a run's identities can be found and removed.
 */
export function pedigreeCsv(rows: number, prefix: string): string {
  const founders = Math.min(rows, 2_000);
  const lines: string[] = [];
  const ueln = (i: number) => `${prefix}${String(i).padStart(10, '0')}`;
  for (let i = 0; i < rows; i++) {
    const sex = i % 2 === 0 ? 'male' : 'female';
    if (i < founders) {
      lines.push(`Founder ${i},${sex},1990,${ueln(i)},,`);
      continue;
    }
    // Generation g takes its parents among the 2,000 rows before it.
    const generation = Math.floor(i / founders);
    const base = (generation - 1) * founders;
    const sire = base + ((i * 2) % founders);
    const dam = base + ((i * 2 + 1) % founders);
    lines.push(`Foal ${i},${sex},${1990 + 3 * generation},${ueln(i)},${ueln(sire)},${ueln(dam)}`);
  }
  return ['name,sex,birth_year,ueln,sire,dam', ...lines.reverse()].join('\n');
}
