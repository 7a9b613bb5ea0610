// The reader's daily results, kept only in this browser's localStorage (nothing is sent):
// per date and game, solved or not, tries and time. Streak: days in a row up to today (or
// yesterday) with at least one puzzle solved.
const KEY = "little-table:daily";

export class History {
  constructor(storage) {
    this.storage = storage;
  }

  all() {
    try {
      const value = JSON.parse(this.storage?.getItem(KEY) ?? "{}");
      return value && typeof value === "object" ? value : {};
    } catch {
      return {};
    }
  }

  result(date, game) {
    return this.all()[date]?.[game] ?? null;
  }

  record(date, game, result) {
    const all = this.all();
    all[date] = { ...(all[date] ?? {}), [game]: result };
    try {
      this.storage?.setItem(KEY, JSON.stringify(all));
    } catch {
      // Storage full or refused: the result still shows, it is just not remembered.
    }
    return result;
  }

  clear() {
    this.storage?.removeItem(KEY);
  }

  streak(today) {
    const all = this.all();
    const solved = (date) => Object.values(all[date] ?? {}).some((r) => r?.solved);
    const day = new Date(`${today}T12:00:00`);
    const iso = (d) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
    if (!solved(iso(day))) day.setDate(day.getDate() - 1);
    let count = 0;
    while (solved(iso(day))) {
      count += 1;
      day.setDate(day.getDate() - 1);
    }
    return count;
  }
}
