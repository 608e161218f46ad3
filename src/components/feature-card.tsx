import type { LucideIcon } from 'lucide-react'
import { cn } from '../lib/cn.ts'
import { Card, CardDescription, CardHeader, CardTitle } from './ui/card.tsx'

interface FeatureCardProps {
  icon: LucideIcon
  title: string
  description: string
  className?: string
  /** The icon tile's colours: a service's own gradient, or the brand tint. */
  iconClassName?: string
}

/** An icon tile, a title and a short description: the services and differentiators grids. */
export function FeatureCard({
  icon: Icon,
  title,
  description,
  className,
  iconClassName,
}: FeatureCardProps) {
  return (
    <Card className={cn('h-full', className)}>
      <div className={cn('flex size-12 items-center justify-center rounded-xl', iconClassName)}>
        <Icon aria-hidden="true" className="size-6" />
      </div>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
    </Card>
  )
}
