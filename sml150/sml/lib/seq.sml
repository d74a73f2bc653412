(* A small 15-150 course sequence library for SML/NJ (list-backed, sequential).
 * Matches signatures/SEQUENCE.sig plus a few extras. reduce is a right fold:
 * reduce f b <x0,...,xn-1> = f(x0, f(x1, ... f(xn-1, b))). *)
signature SEQUENCE =
sig
  type 'a seq
  exception Range

  val length : 'a seq -> int
  val null : 'a seq -> bool
  val nth : int -> 'a seq -> 'a
  val tabulate : (int -> 'a) -> int -> 'a seq
  val filter : ('a -> bool) -> 'a seq -> 'a seq
  val map : ('a -> 'b) -> 'a seq -> 'b seq
  val reduce : ('a * 'a -> 'a) -> 'a -> 'a seq -> 'a
  val mapreduce : ('a -> 'b) -> 'b -> ('b * 'b -> 'b) -> 'a seq -> 'b
  val toString : ('a -> string) -> 'a seq -> string
  val repeat : int -> 'a -> 'a seq
  val zip : 'a seq * 'b seq -> ('a * 'b) seq
  val flatten : 'a seq seq -> 'a seq
  val split : int -> 'a seq -> 'a seq * 'a seq
  val take : int -> 'a seq -> 'a seq
  val drop : int -> 'a seq -> 'a seq
  val empty : unit -> 'a seq
  val cons : 'a * 'a seq -> 'a seq
  val singleton : 'a -> 'a seq
  val append : 'a seq * 'a seq -> 'a seq
  val reduce1 : ('a * 'a -> 'a) -> 'a seq -> 'a
  val update : 'a seq * (int * 'a) -> 'a seq
  val toList : 'a seq -> 'a list
  val fromList : 'a list -> 'a seq

  datatype 'a lview = Nil | Cons of 'a * 'a seq
  val showl : 'a seq -> 'a lview
  val hidel : 'a lview -> 'a seq

  datatype 'a tview = Empty | Leaf of 'a | Node of 'a seq * 'a seq
  val showt : 'a seq -> 'a tview
  val hidet : 'a tview -> 'a seq
end

structure Seq :> SEQUENCE =
struct
  type 'a seq = 'a list
  exception Range

  val length = List.length
  val null = List.null
  fun nth i s = if i < 0 orelse i >= List.length s then raise Range else List.nth (s, i)
  fun tabulate f n = if n < 0 then raise Range else List.tabulate (n, f)
  val filter = List.filter
  val map = List.map
  fun reduce f b s = List.foldr f b s
  fun mapreduce f b c s = reduce c b (map f s)
  fun toString f s = "<" ^ String.concatWith "," (List.map f s) ^ ">"
  fun repeat n x = if n < 0 then raise Range else List.tabulate (n, fn _ => x)
  fun zip (a, b) = ListPair.zip (a, b)
  val flatten = List.concat
  fun take i s = if i < 0 orelse i > List.length s then raise Range else List.take (s, i)
  fun drop i s = if i < 0 orelse i > List.length s then raise Range else List.drop (s, i)
  fun split i s = (take i s, drop i s)
  fun empty () = []
  fun cons (x, s) = x :: s
  fun singleton x = [x]
  fun append (a, b) = a @ b
  (* right fold with the last element as base: f(x0, f(x1, ... xn-1)) *)
  fun reduce1 f [] = raise Range
    | reduce1 f [x] = x
    | reduce1 f (x :: xs) = f (x, reduce1 f xs)
  fun update (s, (i, x)) =
      if i < 0 orelse i >= List.length s then raise Range
      else List.take (s, i) @ (x :: List.drop (s, i + 1))
  fun toList s = s
  fun fromList s = s

  datatype 'a lview = Nil | Cons of 'a * 'a seq
  fun showl [] = Nil
    | showl (x :: xs) = Cons (x, xs)
  fun hidel Nil = []
    | hidel (Cons (x, xs)) = x :: xs

  datatype 'a tview = Empty | Leaf of 'a | Node of 'a seq * 'a seq
  fun showt [] = Empty
    | showt [x] = Leaf x
    | showt s = let val h = List.length s div 2 in Node (List.take (s, h), List.drop (s, h)) end
  fun hidet Empty = []
    | hidet (Leaf x) = [x]
    | hidet (Node (a, b)) = a @ b
end

structure SeqUtils =
struct
  exception EmptySeq
  fun reduce1 f s =
      case Seq.showl s of
          Seq.Nil => raise EmptySeq
        | Seq.Cons (x, xs) => Seq.reduce1 f (Seq.cons (x, xs))
  val null = Seq.null
  val seqToList = Seq.toList
  val seqFromList = Seq.fromList
end
