/** Text of light orange badges ('Empresa', the pending count): Mantine's default light orange text fails WCAG AA on its tint. */
export const COMPANY_BADGE_TEXT = 'light-dark(#9a3a06, var(--mantine-color-orange-3))';
