import { TypeAnimation } from "react-type-animation";

/** The typing loop itself, in its own chunk: the landing page loads it only once it runs. */
export default function TypingPrompts({
  sequence,
  speed,
}: {
  sequence: (string | number)[];
  speed: 25;
}) {
  return <TypeAnimation sequence={sequence} speed={speed} repeat={Infinity} wrapper="span" />;
}
