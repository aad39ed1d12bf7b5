// One article's reading state, as the store returns it and the reader and the apps show it.
export type ArticleState = { id: number; read: boolean; starred: boolean };
