import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import fc from "fast-check";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { checkboxProps, inputProps, radioProps, selectProps, textareaProps } from "./conform";

type Pairs = [ours: unknown, conforms: unknown][];

/** Renders a form with `lastResult` and gives each helper's props beside conform's own, for the same field. */
function propsOf(lastResult: SubmissionResult<string[]> | undefined) {
  const pairs: Pairs = [];
  function Form() {
    const [, fields] = useForm({ id: "f", lastResult });
    const field = (name: string) => fields[name] as FieldMetadata<unknown>;
    const without = ({ key: _key, ...props }: Record<string, unknown>) => props;
    const { errors: _e, errorId: _i, ...text } = inputProps(field("text"), "email");
    pairs.push([text, without(getInputProps(field("text"), { type: "email", ariaAttributes: true }))]);
    const { errors: _e2, errorId: _i2, ...box } = checkboxProps(field("box"));
    pairs.push([box, without(getInputProps(field("box"), { type: "checkbox", ariaAttributes: true }))]);
    for (const value of ["a", "b"])
      pairs.push([radioProps(field("radio"), value), without(getInputProps(field("radio"), { type: "radio", value }))]);
    const { errors: _e3, errorId: _i3, ...area } = textareaProps(field("area"));
    pairs.push([area, without(getTextareaProps(field("area"), { ariaAttributes: true }))]);
    pairs.push([selectProps(field("pick")).props, without(getSelectProps(field("pick")))]);
    return null;
  }
  renderToString(<Form />);
  return pairs;
}

const value = fc.oneof(fc.constant(undefined), fc.string(), fc.constantFrom("on", "a", "b", ""), fc.array(fc.string()));
const errors = fc.option(fc.array(fc.string({ minLength: 1 }), { minLength: 1, maxLength: 2 }), { nil: undefined });
const NAMES = ["text", "box", "radio", "area", "pick"];

describe("our field helpers give what conform's helpers give, from fewer reads of the field", () => {
  it("on a fresh form", () => {
    for (const [ours, conforms] of propsOf(undefined)) expect(ours).toEqual(conforms);
  });

  it("for any kept input and any errors the server answered", () => {
    fc.assert(
      fc.property(fc.tuple(...NAMES.map(() => value)), fc.tuple(...NAMES.map(() => errors)), (values, errorLists) => {
        const lastResult: SubmissionResult<string[]> = {
          status: "error",
          initialValue: Object.fromEntries(
            NAMES.flatMap((name, i) => (values[i] === undefined ? [] : [[name, values[i]]])),
          ),
          error: Object.fromEntries(NAMES.flatMap((name, i) => (errorLists[i] ? [[name, errorLists[i]]] : []))),
        };
        for (const [ours, conforms] of propsOf(lastResult)) expect(ours).toEqual(conforms);
      }),
      { numRuns: 60 },
    );
  });
});
