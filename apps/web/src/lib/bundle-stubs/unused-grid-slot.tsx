/**
 * Stands in for MUI components the data grid's slot map imports but our grids never render
 * (Autocomplete: the column filter panel, which is disabled; Tabs, Tab, Switch, ToggleButton: panels of the
 * paid grids). See vite.config.ts `gridSlotsWeNeverRender`. Rendering it is a bug: say so loudly.
 */
export default function UnusedGridSlot(): never {
  throw new Error('A data-grid slot left out of the bundle was rendered: remove it from gridSlotsWeNeverRender in vite.config.ts');
}
