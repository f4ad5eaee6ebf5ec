import Type from 'typebox';
import { named } from '../openapi/components';
import { MAX_INT } from './numbers';

/** Schemas of the tamper-evident log: its key and its proofs (DESIGN "Tamper-evident history"). */

const Hashes = (description: string) =>
  Type.Array(Type.String({ pattern: '^[A-Za-z0-9+/]{43}=$', description: 'a SHA-256 node hash, standard padded base64' }), {
    maxItems: 64,
    description,
  });

/** A size of a game's tree: it always holds its genesis, so 1 at least. */
const Size = (description: string) => Type.Integer({ minimum: 1, maximum: MAX_INT, description });

export const LogKey = named(
  'LogKey',
  Type.Object(
    {
      algorithm: Type.Literal('Ed25519', { description: 'the signature scheme of every checkpoint' }),
      publicKey: Type.String({
        pattern: '^[A-Za-z0-9+/]{43}=$',
        description: 'the 32 raw bytes of the Ed25519 public key, standard padded base64',
      }),
    },
    { description: 'the key that signs every game’s checkpoints: the same on every server of one deployment' },
  ),
);

export const InclusionQuery = Type.Object({
  index: Type.Integer({
    minimum: 0,
    maximum: MAX_INT,
    description: 'the leaf: 0 is the genesis, i >= 1 the event with seq i',
  }),
  size: Size('the tree to prove it in: the `size` of a checkpoint you hold'),
});

export const InclusionProof = named(
  'InclusionProof',
  Type.Object(
    {
      index: Type.Integer({ description: 'the leaf' }),
      size: Type.Integer({ description: 'the tree' }),
      proof: Hashes('RFC 9162 §2.1.3.1 PATH(index, D[size]): the audit path, the leaf’s sibling first'),
    },
    {
      description:
        'that leaf `index` is in the tree of `size` leaves: hash the leaf, fold the path in as RFC 9162 §2.1.3.2 says, ' +
        'and compare with the root of your checkpoint of that size',
    },
  ),
);

export const ConsistencyQuery = Type.Object({
  first: Size('the older tree: the `size` of the checkpoint you kept'),
  second: Size('the newer tree: the `size` of the checkpoint you just received'),
});

export const ConsistencyProof = named(
  'ConsistencyProof',
  Type.Object(
    {
      first: Type.Integer({ description: 'the older tree' }),
      second: Type.Integer({ description: 'the newer tree' }),
      proof: Hashes('RFC 9162 §2.1.4.1 PROOF(first, D[second]); empty when the sizes are equal'),
    },
    {
      description:
        'that the tree of `first` leaves is the beginning of the tree of `second` leaves, nothing in it changed: verify ' +
        'it as RFC 9162 §2.1.4.2 says against the roots of your two checkpoints',
    },
  ),
);
