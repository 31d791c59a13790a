/**
 * A closed set of values with their Spanish labels, written once: as the labels map. Its keys are the
 * values, in the map's order, for `z.enum`, a select's options or a CHECK constraint; so the list and
 * its labels cannot drift apart (a value added without a label does not compile, and there is no
 * second list to forget).
 */
export function valuesOf<const K extends string>(labels: Record<K, string>): [K, ...K[]] {
  return Object.keys(labels) as [K, ...K[]];
}

/** A Mantine Select's `data`: every value with its label, in the map's order. */
export function optionsOf<const K extends string>(labels: Record<K, string>): Array<{ value: K; label: string }> {
  return valuesOf(labels).map((value) => ({ value, label: labels[value] }));
}
