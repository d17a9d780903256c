/** product §5.1: most fields must hold something other than white space. */
export function isBlank(value: string | null | undefined): boolean {
  return !value || value.trim().length === 0;
}

/** True when every given value has content after trimming. */
export function allFilled(...values: (string | null | undefined)[]): boolean {
  return values.every((v) => !isBlank(v));
}

/** product §5.1, forgot password: valid when any field has content. */
export function anyFilled(...values: (string | null | undefined)[]): boolean {
  return values.some((v) => !isBlank(v));
}
