/** The query keys of the data-rights feature, one root per member or staff view. */
export const dataRightsKeys = {
  exports: ['data-rights', 'exports'] as const,
  closure: ['data-rights', 'closure'] as const,
  member: (id: string) => ['data-rights', 'staff', id] as const,
};
