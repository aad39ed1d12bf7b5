// How often "fetch now" may ask one publisher: a second click within this time sends nothing
// (the first click already brought what there was). A plain constant, so the button's page can
// say it too.
export const FETCH_NOW_REPEAT_MINUTES = 5;
export const FETCH_NOW_REPEAT_MS = FETCH_NOW_REPEAT_MINUTES * 60_000;
