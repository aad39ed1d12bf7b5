-- CreateTable
CREATE TABLE "RobotsTxt" (
    "origin" TEXT NOT NULL PRIMARY KEY,
    "body" TEXT NOT NULL DEFAULT '',
    "httpStatus" INTEGER,
    "etag" TEXT,
    "lastModified" TEXT,
    "fetchedAt" DATETIME NOT NULL,
    "nextFetchAt" DATETIME NOT NULL
);

