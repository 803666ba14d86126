/// How deeply brackets (and, in `expect`, parentheses) may nest in one value.
///
/// The parser descends once per level, so without a bound a line of 100,000 `[` would
/// overflow the stack. No placeholder state needs more than two levels; 64 leaves room
/// for generated scripts and stays far from any stack. Every recursive rule of the
/// grammar has such a bound and reports `nesting-too-deep` at the bracket that goes past
/// it (conditions' parentheses: `maximumConditionNesting`).
public let maximumNestingDepth = 64
