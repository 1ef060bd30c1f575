import { formatCount } from '../lib/format';

/** The count cells the usage tables share, each naming its column for the phone layout (data-label). */

/** A usage row's Requests and Errors cells; errors in the danger colour when there are any. */
export function RequestCountCells({ requests, errors }: { requests: number; errors: number }) {
  return (
    <>
      <td className="num" data-label="Requests">
        {formatCount(requests)}
      </td>
      <td className={`num${errors ? ' text-danger' : ''}`} data-label="Errors">
        {formatCount(errors)}
      </td>
    </>
  );
}

/** A usage row's Tokens in and Tokens out cells. */
export function TokenCountCells({ prompt, completion }: { prompt: number; completion: number }) {
  return (
    <>
      <td className="num" data-label="Tokens in">
        {formatCount(prompt)}
      </td>
      <td className="num" data-label="Tokens out">
        {formatCount(completion)}
      </td>
    </>
  );
}
