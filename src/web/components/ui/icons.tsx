import type { SVGProps } from 'react'

type IconProps = SVGProps<SVGSVGElement>

/** Decorative: every icon sits beside words that say the same thing. */
function Svg({ children, viewBox = '0 0 20 20', fill = 'currentColor', ...props }: IconProps) {
  return (
    <svg aria-hidden="true" focusable="false" width={20} height={20} viewBox={viewBox} fill={fill} {...props}>
      {children}
    </svg>
  )
}

export function AlertCircleIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path
        fillRule="evenodd"
        d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm-.75-11.5a.75.75 0 0 1 1.5 0v4a.75.75 0 0 1-1.5 0v-4ZM10 14.5a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
      />
    </Svg>
  )
}

export function CheckCircleIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path
        fillRule="evenodd"
        d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.86-10.14a.75.75 0 0 0-1.22-.87l-3.37 4.72-1.85-1.85a.75.75 0 1 0-1.06 1.06l2.5 2.5a.75.75 0 0 0 1.14-.1l3.86-5.46Z"
      />
    </Svg>
  )
}

export function InfoIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path
        fillRule="evenodd"
        d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16ZM9 9.25a.75.75 0 0 1 .75-.75h.5a.75.75 0 0 1 .75.75v4.25a.75.75 0 0 1-1.5 0V10h-.25A.75.75 0 0 1 9 9.25ZM10 7a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
      />
    </Svg>
  )
}

export function MenuIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path
        fillRule="evenodd"
        d="M2.75 5a.75.75 0 0 1 .75-.75h13a.75.75 0 0 1 0 1.5h-13A.75.75 0 0 1 2.75 5Zm0 5a.75.75 0 0 1 .75-.75h13a.75.75 0 0 1 0 1.5h-13a.75.75 0 0 1-.75-.75Zm.75 4.25a.75.75 0 0 0 0 1.5h13a.75.75 0 0 0 0-1.5h-13Z"
      />
    </Svg>
  )
}

export function CloseIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M5.28 4.22a.75.75 0 0 0-1.06 1.06L8.94 10l-4.72 4.72a.75.75 0 1 0 1.06 1.06L10 11.06l4.72 4.72a.75.75 0 1 0 1.06-1.06L11.06 10l4.72-4.72a.75.75 0 0 0-1.06-1.06L10 8.94 5.28 4.22Z" />
    </Svg>
  )
}

export function SpinnerIcon(props: IconProps) {
  return (
    <Svg viewBox="0 0 24 24" fill="none" className="animate-spin" {...props}>
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </Svg>
  )
}

export function DownloadIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M10.75 2.75a.75.75 0 0 0-1.5 0v8.69L6.28 8.47a.75.75 0 0 0-1.06 1.06l4.25 4.25a.75.75 0 0 0 1.06 0l4.25-4.25a.75.75 0 1 0-1.06-1.06l-2.97 2.97V2.75Z" />
      <path d="M3.5 12.75a.75.75 0 0 0-1.5 0v2.5A2.75 2.75 0 0 0 4.75 18h10.5A2.75 2.75 0 0 0 18 15.25v-2.5a.75.75 0 0 0-1.5 0v2.5c0 .69-.56 1.25-1.25 1.25H4.75c-.69 0-1.25-.56-1.25-1.25v-2.5Z" />
    </Svg>
  )
}

/** A paper clip: a document attached to a message. */
export function PaperClipIcon(props: IconProps) {
  return (
    <Svg fill="none" {...props}>
      <path
        d="M15.5 9.5 9.9 15.1a3.5 3.5 0 0 1-4.95-4.95l6.01-6.01a2.25 2.25 0 0 1 3.18 3.18l-5.83 5.83a1 1 0 0 1-1.41-1.41L12.1 6.5"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </Svg>
  )
}
