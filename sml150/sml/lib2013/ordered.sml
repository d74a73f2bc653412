(* The 2013 library's orders (a few students use them): ORDERED, IntOrder = IntLt,
 * StringOrder, FlipOrder, PairSecondOrder and OrderUtils (min, max, le, ge, lt, gt, eq;
 * min and max keep the first argument on a tie). *)
signature ORDERED =
sig
  type t
  val compare : t * t -> order
end

structure IntOrder : ORDERED = struct type t = int val compare = Int.compare end
structure IntLt : ORDERED = IntOrder
structure StringOrder : ORDERED = struct type t = string val compare = String.compare end

functor FlipOrder (O : ORDERED) : ORDERED =
struct
  type t = O.t
  fun compare (x, y) = O.compare (y, x)
end

functor PairSecondOrder (X : sig type left structure Right : ORDERED end) : ORDERED =
struct
  type t = X.left * X.Right.t
  fun compare ((_, a) : t, (_, b) : t) = X.Right.compare (a, b)
end

signature ORDERED_UTILS =
sig
  type t
  val min : t * t -> t
  val max : t * t -> t
  val le : t * t -> bool
  val ge : t * t -> bool
  val lt : t * t -> bool
  val gt : t * t -> bool
  val eq : t * t -> bool
end

functor OrderUtils (O : ORDERED) : ORDERED_UTILS =
struct
  type t = O.t
  fun lt p = O.compare p = LESS
  fun gt p = O.compare p = GREATER
  fun eq p = O.compare p = EQUAL
  fun le p = not (gt p)
  fun ge p = not (lt p)
  fun min (x, y) = if gt (x, y) then y else x
  fun max (x, y) = if lt (x, y) then y else x
end
