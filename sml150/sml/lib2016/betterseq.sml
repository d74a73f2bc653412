(* BETTERSEQ: the 2016 starter files' richer sequences, obtained with
 *   structure Seq = BetterSeq (Seq)
 * The result is transparent: its 'a seq, lview and tview are the argument's, so a
 * structure that rebinds Seq this way still produces the library's Seq.seq values.
 *   insert x s i    s with its i-th element replaced by x (same length; s itself if i is
 *                   not an index of s)
 *   mapIdx f s      <f (x0, 0), ..., f (xn-1, n-1)>
 *   extractSomes s  the v of every SOME v in s, in order *)
signature BETTERSEQ =
sig
  include SEQUENCE
  val insert : 'a -> 'a seq -> int -> 'a seq
  val mapIdx : ('a * int -> 'b) -> 'a seq -> 'b seq
  val extractSomes : 'a option seq -> 'a seq
end

functor BetterSeq (S : SEQUENCE) : BETTERSEQ =
struct
  open S

  fun mapIdx f s = S.tabulate (fn i => f (S.nth i s, i)) (S.length s)

  fun insert x s i = mapIdx (fn (y, j) => if j = i then x else y) s

  fun extractSomes s =
      S.mapreduce (fn NONE => S.empty () | SOME v => S.singleton v)
                  (S.empty ()) S.append s
end
