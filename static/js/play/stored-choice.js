// A player's on/off choice kept in this browser (localStorage), surviving a storage that is
// switched off (then the choice lasts for this page only).
//   readChoice(storage, "little-table:sound") -> "on" | "off" | null
export function readChoice(storage, key) {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeChoice(storage, key, value) {
  try {
    storage?.setItem(key, value);
  } catch {
    // storage switched off: the choice lasts for this page only
  }
}
