/**
 * The operations of the schema module that no area implements yet: they answer 501
 * NotImplemented (after authentication and input validation). not-implemented.test.ts holds this
 * list to the truth, so it only shrinks deliberately: implementing an operation means removing
 * its id here, and the test prints the list to paste when it is out of date.
 */
export const NOT_IMPLEMENTED: readonly string[] = [];
