-- CreateTable
CREATE TABLE "RobotsTxt" (
    "origin" TEXT NOT NULL,
    "body" TEXT NOT NULL DEFAULT '',
    "httpStatus" INTEGER,
    "etag" TEXT,
    "lastModified" TEXT,
    "fetchedAt" TIMESTAMP(3) NOT NULL,
    "nextFetchAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RobotsTxt_pkey" PRIMARY KEY ("origin")
);

