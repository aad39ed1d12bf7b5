// Where the skip link leads: plain constants, importable by server and client components alike.
export const ARTICLE_LIST_ID = "article-list";
export const MAIN_CONTENT_ID = "main-content";
