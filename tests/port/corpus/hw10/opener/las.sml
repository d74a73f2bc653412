(* HW10 Tasks 5.7-5.8 (look and say on sequences) *)
structure LookAndSay =
struct
  (* Make our sequences better! *)
  structure Seq = BetterSeq(Seq)
  open Seq

  (* runs : ('a * 'a -> bool) -> int * 'a -> 'a seq -> (int * 'a) seq
   * REQUIRES: eq is an equivalence; c >= 1 copies of x were just seen
   * ENSURES: runs eq (c, x) s ==> the runs of x^c followed by s *)
  fun runs (eq : 'a * 'a -> bool) (c : int, x : 'a) (s : 'a seq) : (int * 'a) seq =
      case showl s of
          Nil => singleton (c, x)
        | Cons (y, s') =>
            (case eq (x, y) of
                 true => runs eq (c + 1, x) s'
               | false => cons (c, x) (runs eq (1, y) s'))

  (* look_and_say : ('a * 'a -> bool) -> 'a Seq.seq -> (int * 'a) Seq.seq
   * REQUIRES: eq is an equivalence relation
   * ENSURES: look_and_say eq s ==> one (k, x) per maximal run of k equal elements of s,
   *          x the first element of the run *)
  fun look_and_say (eq : 'a * 'a -> bool) (s : 'a seq) : (int * 'a) seq =
      case showl s of
          Nil => empty ()
        | Cons (x, s') => runs eq (1, x) s'

  (* Tests *)
  val streq = (op =) : string * string -> bool
  val [(3, "hi")] = toList (look_and_say streq (fromList ["hi", "hi", "hi"]))
  val [(1, "bye"), (2, "hi")] = toList (look_and_say streq (fromList ["bye", "hi", "hi"]))
  val [] = toList (look_and_say streq (empty ()))

  (* las_wrap : ('a * 'a -> bool) -> 'a Seq.seq -> (int * 'a) Seq.seq
   * REQUIRES: eq is an equivalence relation
   * ENSURES: las_wrap eq s ==> look_and_say eq s where s is read as a cycle: a run that
   *          wraps around the end is one pair, put at the front, whose element is the
   *          first element of s *)
  fun las_wrap (eq : 'a * 'a -> bool) (s : 'a seq) : (int * 'a) seq =
      let
        val l = look_and_say eq s
        val n = length l
      in
        case showl l of
            Nil => l
          | Cons ((c1, x1), rest) =>
              let
                val (cn, xn) = nth (n - 1) l
              in
                case (n > 1) andalso eq (x1, xn) of
                    true => cons (c1 + cn, x1) (take (n - 2) rest)
                  | false => l
              end
      end

  (* Tests *)
  val [(2, "bye"), (2, "hi")] = toList (las_wrap streq (fromList ["bye", "hi", "hi", "bye"]))
  val [(1, "bye"), (1, "hi"), (1, "bye"), (1, "hi")] =
      toList (las_wrap streq (fromList ["bye", "hi", "bye", "hi"]))
  val [(2, "hi")] = toList (las_wrap streq (fromList ["hi", "hi"]))
  val [(1, "hi")] = toList (las_wrap streq (fromList ["hi"]))
end
