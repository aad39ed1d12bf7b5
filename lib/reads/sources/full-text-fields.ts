// The full-text settings of a source, as the add and edit forms and `tidings add` give them: one
// schema, so that the command line and the forms refuse the same selectors with the same words.
import { z } from "zod";
import { checkSelector } from "@/lib/pipeline/parse/full-text/parse-page-document";

export const MAX_SELECTOR_LENGTH = 500;

export const fullTextFields = {
  // Absent (a form or a test that does not name it): off, with no selector.
  fullText: z
    .enum(["on", "off"])
    .default("off")
    .transform((value) => value === "on"),
  selector: z
    .string()
    .trim()
    .max(MAX_SELECTOR_LENGTH, `A selector is at most ${MAX_SELECTOR_LENGTH} characters`)
    .superRefine((value, context) => {
      const problem = value === "" ? null : checkSelector(value);
      if (problem !== null) context.addIssue({ code: "custom", message: problem });
    })
    .transform((value) => (value === "" ? null : value))
    .default(null),
};

export const fullTextSchema = z.object(fullTextFields);
