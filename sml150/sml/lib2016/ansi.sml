(* Terminal colours as the 2016 starter code names them: Ansi.colorStr "O"
 * {fg = SOME Ansi.bright_cyan, bg = NONE}. A color is one of the eight base colours, a
 * full_color a colour and whether it is bright (dark_red = (red, false), bright_red =
 * (red, true), dark_gray = (black, true)). In this library a colour is its plain name and
 * every function returns text without escape sequences: colorStr returns its text
 * unchanged, reset, clearScreen, bold, underline and fullColor are "". No escape sequence
 * ever reaches a transcript, a report or a terminal, and a move_to_string built with
 * colorStr reads "Placed O on location (0, 1)". *)
signature ANSI =
sig
  type color = string
  type full_color = color * bool
  val black : color
  val red : color
  val green : color
  val yellow : color
  val blue : color
  val magenta : color
  val cyan : color
  val white : color
  val dark_black : full_color
  val dark_red : full_color
  val dark_green : full_color
  val dark_yellow : full_color
  val dark_blue : full_color
  val dark_magenta : full_color
  val dark_cyan : full_color
  val dark_white : full_color
  val dark_gray : full_color
  val bright_red : full_color
  val bright_green : full_color
  val bright_yellow : full_color
  val bright_blue : full_color
  val bright_magenta : full_color
  val bright_cyan : full_color
  val bright_white : full_color
  val clearScreen : string
  val reset : string
  val underline : bool -> string
  val bold : bool -> string
  val fullColor : full_color -> string
  val colorStr : string -> {fg : full_color option, bg : full_color option} -> string
end

structure Ansi : ANSI =
struct
  type color = string
  type full_color = color * bool

  val black = "black"
  val red = "red"
  val green = "green"
  val yellow = "yellow"
  val blue = "blue"
  val magenta = "magenta"
  val cyan = "cyan"
  val white = "white"

  fun dark (c : color) : full_color = (c, false)
  fun bright (c : color) : full_color = (c, true)

  val dark_black = dark black
  val dark_red = dark red
  val dark_green = dark green
  val dark_yellow = dark yellow
  val dark_blue = dark blue
  val dark_magenta = dark magenta
  val dark_cyan = dark cyan
  val dark_white = dark white
  val dark_gray = bright black
  val bright_red = bright red
  val bright_green = bright green
  val bright_yellow = bright yellow
  val bright_blue = bright blue
  val bright_magenta = bright magenta
  val bright_cyan = bright cyan
  val bright_white = bright white

  val clearScreen = ""
  val reset = ""
  fun underline (_ : bool) = ""
  fun bold (_ : bool) = ""
  fun fullColor (_ : full_color) = ""
  fun colorStr (text : string) (_ : {fg : full_color option, bg : full_color option}) = text
end
