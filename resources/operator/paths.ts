/** The spec path of the operators screen (spec §2 "/System/Operators"). */
export const OPERATORS_PATH = '/System/Operators';
